import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { AuthUser } from '../../shared/api/auth';
import type { SubscriptionStatusResponse } from '../../shared/api/billing';
import type { Tenant } from '../../shared/api/tenants';
import { createQueryClient } from '@/lib/query-client';
import { authUserQueryKey, tenantsQueryKey } from '@/lib/query-keys';
import { createSelectedTenantStore } from '@/lib/tenant-store';
import { subscriptionStatusQueryKey } from '@/features/subscription/api/get-subscription-status';
import { buildSubscriptionStatus } from '@/features/subscription/test-support/subscription-factories';
import { buildAuthUser, buildTenant } from '../test-support/factories';
import { AppProviders } from './app';
import { AppRoutes } from './routes';

// Server-side rendering gives the first paint of a route without a DOM: enough to check which
// screen each route shows. (Effects such as automatic selection do not run here.) Prerendering
// waits for the lazily loaded signed-in routes, as a browser does.
interface RouteState {
  user: AuthUser | null;
  tenants?: Tenant[];
  selected?: Tenant;
  subscription?: SubscriptionStatusResponse;
}

async function renderRoute(path: string, state: RouteState): Promise<{ html: string; redirectTo: string | undefined }> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(authUserQueryKey, state.user);
  if (state.tenants) queryClient.setQueryData(tenantsQueryKey, state.tenants);
  if (state.subscription) queryClient.setQueryData(subscriptionStatusQueryKey, state.subscription);
  const tenantStore = createSelectedTenantStore(null);
  if (state.selected) tenantStore.setSelectedTenant(state.selected);
  // wouter reports a <Redirect> rendered on the server here.
  const ssrContext: { redirectTo?: string } = {};
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient} tenantStore={tenantStore}>
      <Router ssrPath={path} ssrContext={ssrContext}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return { html: await new Response(prelude).text(), redirectTo: ssrContext.redirectTo };
}

const renderAt = async (path: string, state: RouteState): Promise<string> => (await renderRoute(path, state)).html;

function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function elementTexts(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => textOf(match[2] ?? ''));
}

const headings = (html: string) => elementTexts(html, /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g);
const buttons = (html: string) => elementTexts(html, /<(button)\b[^>]*>([\s\S]*?)<\/button>/g);
const links = (html: string) => elementTexts(html, /<(a)\b[^>]*>([\s\S]*?)<\/a>/g);

const appRoutes = ['/', '/dashboard', '/subscription', '/subscription/activate', '/subscription/success', '/subscription/cancel', '/account', '/admin'];

describe('signed-out visitors', () => {
  it.each(appRoutes)('see the landing page on %s', async (path) => {
    const html = await renderAt(path, { user: null });
    expect(headings(html)).toEqual(
      expect.arrayContaining([
        'Passwatch Automation',
        'Secure Integration',
        'Automated Monitoring',
        'Custom Emails',
        'Group Filtering',
        'Why Choose Our Solution?',
        'Ready to Get Started?',
      ]),
    );
    expect(buttons(html)).toEqual(expect.arrayContaining(['Get Started', 'Sign Up Now']));
  });

  it('read six benefits', async () => {
    const html = await renderAt('/', { user: null });
    const benefitList = /id="benefits-heading"[\s\S]*?<ul[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect(benefitList.match(/<li\b/g)).toHaveLength(6);
  });

  it('get Page Not Found on an unknown path', async () => {
    const html = await renderAt('/nowhere', { user: null });
    expect(headings(html)).toContain('Page Not Found');
    expect(headings(html)).not.toContain('Passwatch Automation');
  });
});

describe('signed-in users without a selected organization', () => {
  it('see the empty state when they have no organization', async () => {
    const html = await renderAt('/dashboard', { user: buildAuthUser(), tenants: [] });
    expect(headings(html)).toContain('No Organizations Yet');
    expect(buttons(html)).toContain('Add New Organization');
    expect(headings(html)).not.toContain('Dashboard');
  });

  it('pick from organization cards with Manage buttons and an Add New Organization card', async () => {
    const tenants = [buildTenant({ name: 'Contoso', domain: 'contoso.com' }), buildTenant({ name: 'Fabrikam', domain: 'fabrikam.com' })];
    const html = await renderAt('/', { user: buildAuthUser(), tenants });
    expect(headings(html)).toEqual(expect.arrayContaining(['Contoso', 'Fabrikam']));
    expect(textOf(html)).toContain('contoso.com');
    expect(buttons(html).filter((name) => name === 'Manage')).toHaveLength(2);
    expect(buttons(html)).toContain('Add New Organization');
    expect(buttons(html)).toContain('Logout');
  });

  it('wait while a remembered organization that no longer exists is cleared', async () => {
    const html = await renderAt('/', { user: buildAuthUser(), tenants: [buildTenant()], selected: buildTenant() });
    expect(headings(html)).not.toContain('Dashboard');
    expect(textOf(html)).toContain('Loading organizations');
  });

  it('still get Page Not Found on an unknown path', async () => {
    expect(headings(await renderAt('/subscription/nope', { user: buildAuthUser(), tenants: [] }))).toContain('Page Not Found');
  });
});

describe('signed-in users with a selected organization', () => {
  const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });
  const signedIn = (overrides: Partial<AuthUser> = {}, subscription = buildSubscriptionStatus({ status: 'active' })) => ({
    user: buildAuthUser({ tenants: [contoso], ...overrides }),
    tenants: [contoso],
    selected: contoso,
    subscription,
  });

  it.each(['/', '/dashboard'])('see the dashboard shell on %s', async (path) => {
    const html = await renderAt(path, signedIn());
    expect(headings(html)).toContain('Dashboard');
    const tabs = elementTexts(html, /<(button)\b[^>]*role="tab"[^>]*>([\s\S]*?)<\/button>/g);
    expect(tabs).toEqual(['Overview', 'Configuration', 'Testing', 'Help & Documentation']);
    expect(links(html)).toEqual(expect.arrayContaining(['Account', 'Subscription']));
    expect(buttons(html)).toContain('Logout');
    expect(html).toContain('aria-label="Organization: Contoso"');
  });

  it.each(['/', '/dashboard'])('wait on %s while the subscription status loads', async (path) => {
    const { html, redirectTo } = await renderRoute(path, { ...signedIn(), subscription: undefined });
    expect(textOf(html)).toContain('Checking subscription');
    expect(headings(html)).not.toContain('Dashboard');
    expect(redirectTo).toBeUndefined();
  });

  it.each(['none', 'canceled', 'incomplete', 'incomplete_expired', 'past_due', 'trialing'] as const)(
    'are sent from / and /dashboard to /subscription when the status is %s',
    async (status) => {
      for (const path of ['/', '/dashboard']) {
        const { html, redirectTo } = await renderRoute(path, signedIn({}, buildSubscriptionStatus({ status, plan: null })));
        expect(redirectTo).toBe('/subscription');
        expect(headings(html)).not.toContain('Dashboard');
      }
    },
  );

  it('keep an active subscription that is set to cancel on the dashboard', async () => {
    const { html, redirectTo } = await renderRoute('/', signedIn({}, buildSubscriptionStatus({ status: 'active', cancelAtPeriodEnd: true })));
    expect(redirectTo).toBeUndefined();
    expect(headings(html)).toContain('Dashboard');
  });

  it('see the Admin link only as operator admins', async () => {
    expect(links(await renderAt('/dashboard', signedIn()))).not.toContain('Admin');
    expect(links(await renderAt('/dashboard', signedIn({ isAdmin: true })))).toContain('Admin');
  });

  it.each([
    ['/subscription', 'Subscription'],
    ['/subscription/activate', 'Activate Subscription'],
    ['/subscription/success', 'Subscription Activation'],
    ['/subscription/cancel', 'Subscription Cancelled'],
    ['/account', 'Account Settings'],
  ])('see the page for %s', async (path, heading) => {
    expect(headings(await renderAt(path, signedIn()))).toContain(heading);
  });

  it('offer Try Again and Back to Dashboard after a cancelled payment', async () => {
    const html = await renderAt('/subscription/cancel', signedIn());
    expect(links(html)).toEqual(expect.arrayContaining(['Try Again', 'Back to Dashboard']));
    expect(textOf(html)).toContain('No charges were made.');
  });

  it('reach the admin page only as operator admins', async () => {
    expect(headings(await renderAt('/admin', signedIn({ isAdmin: true })))).toContain('Admin Dashboard');
    expect(headings(await renderAt('/admin', signedIn()))).toContain('Page Not Found');
  });

  it('reach the admin page as operator admins even without organizations', async () => {
    const html = await renderAt('/admin', { user: buildAuthUser({ isAdmin: true }), tenants: [] });
    expect(headings(html)).toContain('Admin Dashboard');
  });
});
