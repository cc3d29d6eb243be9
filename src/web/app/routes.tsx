import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/get-auth-user';
import { LandingPage } from '@/features/landing/components/landing-page';
import { selectedTenantStore } from '@/lib/tenant-store';
import { NotFoundPage } from './not-found-page';

// The signed-in app is a chunk of its own: the landing page stays light for first-time visitors.
// The remembered organization is taken up with it (its validation needs the tenant schema).
const SignedInRoutes = lazy(async () => {
  const [routes, { readStoredTenant }] = await Promise.all([import('./signed-in-routes'), import('@/lib/stored-tenant')]);
  selectedTenantStore.restore(readStoredTenant);
  return routes;
});

// An invitation's page, signed out: a chunk of its own too (it reads the invitation with the shared schemas).
const InvitationPage = lazy(() => import('@/features/invitations/components/invitation-page'));

/** Every path the signed-in app serves (signed-in-routes.tsx); a signed-out visitor sees the landing page there. */
const appPaths = [
  '/',
  '/dashboard',
  '/subscription',
  '/subscription/activate',
  '/subscription/success',
  '/subscription/cancel',
  '/account',
  '/members',
  '/organizations',
  '/admin',
];

/**
 * The route table (docs/product.md §Screens and routes). Signed-out visitors see the landing page on every app route
 * and Page Not Found elsewhere; signed-in users get the app's own routes.
 */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignedInRoutes user={user} />
      </Suspense>
    );
  }
  return (
    <Switch>
      {appPaths.map((path) => (
        <Route key={path} path={path}>
          <LandingPage />
        </Route>
      ))}
      <Route path="/invitation">
        <Suspense fallback={<PageSpinner />}>
          <InvitationPage signedIn={false} />
        </Suspense>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
