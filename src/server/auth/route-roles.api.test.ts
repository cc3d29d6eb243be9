// The route-by-role matrix (docs/architecture.md §Roles per route). Every route the server
// registers is listed from the server itself; each must appear in ROUTE_ACCESS below with the same
// decision, and is called as owner, admin, helpdesk, viewer, a member of another organization and
// anonymous. A new route without a role decision does not even start (route-access.ts); one
// missing here, or declared differently, fails this test.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, type MemberRole, roleAtLeast, roleMessages } from '../../shared/domain/member-roles.js';
import { tenantMessages } from '../../shared/domain/validation-messages.js';
import { organizationWithTeam } from '../teams/test-support/team.js';
import { startApiHarness, type ApiHarness } from '../test-support/api-harness.js';
import { accessOf, type RouteAccess } from './route-access.js';

/** Every /api route and who may call it. Adding a route: one line here, beside its allow(...) in the route's file. */
const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // Public: health, sign-in and sign-out, providers calling back, the app's settings, an invitation's preview.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/login': 'public',
  'GET /api/auth/login': 'public',
  'GET /api/callback': 'public',
  'POST /api/logout': 'public',
  'GET /api/logout': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/logout': 'public',
  'GET /api/app-info': 'public',
  'GET /api/entra/consent-callback': 'public',
  'POST /api/paypal/webhook': 'public',
  'POST /api/invitations/preview': 'public',
  // The Passwatch Connector: a connector key, never a session.
  'POST /api/connector/v1/snapshots': 'connector',
  'PUT /api/connector/v1/snapshots/:snapshotId/batches/:index': 'connector',
  'POST /api/connector/v1/snapshots/:snapshotId/commit': 'connector',
  // Any signed-in user: their own account, organizations and what is the same for everyone.
  'GET /api/auth/user': 'signed-in',
  'PUT /api/auth/user': 'signed-in',
  'POST /api/auth/logout-everywhere': 'signed-in',
  'GET /api/tenants': 'signed-in',
  'GET /api/organizations/overview': 'signed-in',
  'POST /api/tenants': 'signed-in',
  'GET /api/notification-preferences': 'signed-in',
  'PUT /api/notification-preferences': 'signed-in',
  'DELETE /api/account': 'signed-in',
  'GET /api/account-mail/status': 'signed-in',
  'GET /api/default-template': 'signed-in',
  'GET /api/entra/consent-availability': 'signed-in',
  'GET /api/demo/graph-credentials': 'signed-in',
  'GET /api/download-invoice/:id': 'signed-in',
  'POST /api/invitations/accept': 'signed-in',
  // The operator's Admin Dashboard.
  'GET /api/admin/stats': 'operator',
  'GET /api/admin/users': 'operator',
  'GET /api/admin/subscriptions': 'operator',
  'GET /api/admin/export-users': 'operator',
  'GET /api/admin/audit-log': 'operator',
  'GET /api/admin/announcements': 'operator',
  'POST /api/admin/announcements': 'operator',
  // Viewer: reads.
  'GET /api/configuration': 'viewer',
  'GET /api/connection-status': 'viewer',
  'GET /api/dashboard-stats': 'viewer',
  'GET /api/password-expirations': 'viewer',
  'GET /api/password-expirations/export': 'viewer',
  'GET /api/on-premises': 'viewer',
  'GET /api/template-languages': 'viewer',
  'GET /api/run-status': 'viewer',
  'GET /api/run-status/:runId': 'viewer',
  'GET /api/audit-logs': 'viewer',
  'GET /api/audit-logs/:limit': 'viewer',
  'GET /api/reminder-policy': 'viewer',
  'GET /api/reminder-policy/dry-run': 'viewer',
  'GET /api/reminder-policy/forecast': 'viewer',
  'GET /api/reminder-recipients': 'viewer',
  'GET /api/helpdesk-digest': 'viewer',
  'GET /api/subscription-status': 'viewer',
  // Re-reads the subscription from PayPal: a read, which the dashboard's gate does for everyone.
  'GET /api/subscription-verification': 'viewer',
  'GET /api/members': 'viewer',
  'POST /api/members/leave': 'viewer',
  // Helpdesk: one user's reminder by hand.
  'POST /api/send-manual-email': 'helpdesk',
  // Admin: configuration, groups, policy, tests, Run Now, automation, test emails.
  'PUT /api/configuration': 'admin',
  'POST /api/configuration': 'admin',
  'POST /api/test-configuration': 'admin',
  'GET /api/security-groups': 'admin',
  'POST /api/preview-group-users': 'admin',
  'POST /api/run-check': 'admin',
  'POST /api/toggle-automation': 'admin',
  'PUT /api/reminder-policy': 'admin',
  'PUT /api/reminder-recipients': 'admin',
  'PUT /api/helpdesk-digest': 'admin',
  'POST /api/send-test-email': 'admin',
  'POST /api/demo/weekly-report': 'admin',
  'PUT /api/template-languages/default-language': 'admin',
  'PUT /api/template-languages/variants/:kind/:language': 'admin',
  'DELETE /api/template-languages/variants/:kind/:language': 'admin',
  // Owner: billing, connecting the directory, members and invitations.
  'POST /api/entra/consent-start': 'owner',
  'POST /api/paypal/create-subscription': 'owner',
  'POST /api/paypal/activate-subscription': 'owner',
  'POST /api/cancel-subscription': 'owner',
  'POST /api/reactivate-subscription': 'owner',
  'POST /api/update-payment-method': 'owner',
  'GET /api/billing-history': 'owner',
  'PUT /api/members/:userId/role': 'owner',
  'DELETE /api/members/:userId': 'owner',
  'POST /api/members/transfer-ownership': 'owner',
  'GET /api/invitations': 'owner',
  'POST /api/invitations': 'owner',
  'POST /api/invitations/:id/resend': 'owner',
  'DELETE /api/invitations/:id': 'owner',
  'GET /api/organization/export': 'owner',
  'POST /api/on-premises/connectors': 'owner',
  'POST /api/on-premises/connectors/:connectorId/revoke': 'owner',
  'PUT /api/on-premises/settings': 'owner',
};

/** Registered in demo mode only. */
const DEMO_ONLY = new Set(['GET /api/demo/graph-credentials', 'POST /api/demo/weekly-report']);

const GUID = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b';

interface ServerRoute {
  key: string;
  method: string;
  url: string;
  access: RouteAccess | null;
}

let harness: ApiHarness;
const routes: ServerRoute[] = [];

beforeAll(async () => {
  harness = await startApiHarness(
    {
      RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000',
      RATE_LIMIT_EMAILS_PER_HOUR: '100000',
      RATE_LIMIT_CHECKS_PER_HOUR: '100000',
      RATE_LIMIT_ORGANIZATIONS_PER_DAY: '100000',
    },
    (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ key: `${method} ${route.url}`, method, url: route.url, access: accessOf(route) });
      }
    },
  );
  await harness.app.ready();
});
afterAll(async () => harness?.close());

const concreteUrl = (url: string) => url.replace(':limit', '5').replace(/:[a-zA-Z]+/g, GUID);

async function call(app: FastifyInstance, route: ServerRoute, headers: Record<string, string>) {
  const response = await app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
  let message: string | undefined;
  try {
    message = (response.json() as { message?: string }).message;
  } catch {
    message = undefined;
  }
  return { status: response.statusCode, message };
}

/** Whether an answer is a guard's refusal: signed out, not a member, or a role too low. */
const refused = (answer: { status: number; message?: string }) =>
  answer.status === 401 ||
  (answer.status === 403 && (answer.message?.startsWith('Your role') || answer.message === 'Forbidden')) ||
  (answer.status === 404 && answer.message === tenantMessages.organizationNotFound);

describe('roles per route', () => {
  it('lists every route the server registers with the access it declares, and no other', () => {
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((route) => !(route.key in ROUTE_ACCESS)).map((route) => route.key);
    expect(undeclared, 'routes with no line in ROUTE_ACCESS').toEqual([]);
    const differing = routes.filter((route) => route.access !== ROUTE_ACCESS[route.key]).map((route) => `${route.key}: ${route.access}`);
    expect(differing, 'routes declaring another access than ROUTE_ACCESS').toEqual([]);
    const registered = new Set(routes.map((route) => route.key));
    const missing = Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key) && !DEMO_ONLY.has(key));
    expect(missing, 'ROUTE_ACCESS lines with no route').toEqual([]);
  });

  it('answers each route as its declaration says, for every role, another organization and anonymous', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      // Each route gets its own organization: some end sessions, memberships or the account.
      const team = await organizationWithTeam(harness);
      const declared = ROUTE_ACCESS[route.key]!;
      const check = (who: string, ok: boolean, answer: { status: number; message?: string }) => {
        if (!ok) failures.push(`${route.key} as ${who} (${declared}): ${answer.status} ${answer.message ?? ''}`);
      };

      const anonymous = await call(harness.app, route, { 'x-tenant-id': team.owner.tenantId });
      check('anonymous', declared === 'public' ? anonymous.status !== 401 : anonymous.status === 401, anonymous);
      if (declared === 'public') continue;

      if (declared === 'connector') {
        // An owner's session is no connector key.
        const owner = await call(harness.app, route, team.owner.headers);
        check('owner (no connector key)', owner.status === 401, owner);
        continue;
      }

      if (declared === 'operator') {
        const owner = await call(harness.app, route, team.owner.headers);
        check('owner (no operator)', owner.status === 403 && owner.message === 'Forbidden', owner);
        continue;
      }
      if (declared === 'signed-in') {
        const viewer = await call(harness.app, route, team.viewer.headers);
        check('viewer', !refused(viewer), viewer);
        continue;
      }

      const outsider = await call(harness.app, route, team.outsider.headers);
      check('member of another organization', outsider.status === 404 && outsider.message === tenantMessages.organizationNotFound, outsider);
      // Refusals first (they change nothing), then the roles allowed, lowest first.
      for (const role of [...MEMBER_ROLES].reverse() as MemberRole[]) {
        const answer = await call(harness.app, route, team[role].headers);
        if (roleAtLeast(role, declared)) check(role, !refused(answer), answer);
        else check(role, answer.status === 403 && answer.message === roleMessages.forbidden(role, declared), answer);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
