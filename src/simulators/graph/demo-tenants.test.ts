import { describe, expect, it } from 'vitest';
import { CONTOSO_TENANT_ID, DEMO_GRAPH_CREDENTIALS } from './demo-credentials.js';
import { buildDemoTenants } from './demo-tenants.js';
import type { SimTenant, SimUser } from './directory.js';
import { DAY_MS } from '../shared/formats.js';

const now = new Date('2025-11-02T15:45:30Z');
const [contosoBundle, fabrikamBundle] = buildDemoTenants(now);
const contoso = contosoBundle?.tenant as SimTenant;
const user = (upn: string) => contoso.users.find((candidate) => candidate.userPrincipalName === upn) as SimUser;
const domain = (name: string) => contoso.domains.find((candidate) => candidate.id === name);
/** Days from now until lastPasswordChangeDateTime + validity (exact days; the stored time is whole seconds). */
const daysLeft = (upn: string, validity: number) =>
  Math.round((((user(upn).lastPasswordChangeDateTime ?? Number.NaN) + validity * DAY_MS - now.getTime()) / DAY_MS) * 1000) / 1000;

describe('Contoso demo tenant', () => {
  it('is a few hundred users (the 50-500 throttling tier) with unique ids and UPNs, and consistent groups', () => {
    expect(contoso.id).toBe(CONTOSO_TENANT_ID);
    expect(contoso.users.length).toBeGreaterThan(300);
    expect(contoso.users.length).toBeLessThanOrEqual(500);
    expect(new Set(contoso.users.map((candidate) => candidate.id)).size).toBe(contoso.users.length);
    expect(new Set(contoso.users.map((candidate) => candidate.userPrincipalName.toLowerCase())).size).toBe(contoso.users.length);
    for (const group of contoso.groups) {
      for (const memberId of group.memberIds) expect(contoso.findObject(memberId), `${group.displayName}: ${memberId}`).toBeDefined();
    }
  });

  it('reads several languages, so one Run Now mails German, French and Japanese reminders among others', () => {
    expect(user('anna.schmidt@eu.contoso.com').preferredLanguage).toBe('de-DE');
    expect(user('adele.vance@contoso.com').preferredLanguage).toBe('fr-FR');
    expect(user('kenji.tanaka@apac.contoso.com').preferredLanguage).toBe('ja-JP');
    expect(user('diego.siciliani@contoso.com').preferredLanguage).toBe('es-ES');
    // Each of them is reminded by a check today (expiry within the default 7 days).
    expect([daysLeft('anna.schmidt@eu.contoso.com', 90), daysLeft('adele.vance@contoso.com', 90), daysLeft('kenji.tanaka@apac.contoso.com', 60)]).toEqual([
      7, 0, 3,
    ]);
    const languages = new Set(contoso.users.map((candidate) => candidate.preferredLanguage));
    expect([...languages]).toEqual(expect.arrayContaining([null, 'en-US', 'en-GB', 'de-DE', 'de', 'fr-FR', 'es-ES', 'ja-JP']));
  });

  it('has passwords expiring today, in 1, 3, 7, 14 and 30 days and already expired, relative to the clock', () => {
    expect(daysLeft('adele.vance@contoso.com', 90)).toBe(0);
    expect(daysLeft('alex.wilber@contoso.com', 90)).toBe(1);
    expect(daysLeft('diego.siciliani@contoso.com', 90)).toBe(3);
    expect(daysLeft('grady.archie@contoso.com', 90)).toBe(7);
    expect(daysLeft('henrietta.mueller@contoso.com', 90)).toBe(14);
    expect(daysLeft('isaiah.langer@contoso.com', 90)).toBe(30);
    expect(daysLeft('johanna.lorenz@contoso.com', 90)).toBe(-1);
    expect(daysLeft('lee.gu@contoso.com', 90)).toBe(-10);
    const later = buildDemoTenants(new Date(now.getTime() + 5 * DAY_MS))[0]?.tenant as SimTenant;
    const adeleLater = later.users.find((candidate) => candidate.userPrincipalName === 'adele.vance@contoso.com');
    expect((adeleLater?.lastPasswordChangeDateTime ?? 0) - (user('adele.vance@contoso.com').lastPasswordChangeDateTime ?? 0)).toBe(5 * DAY_MS);
  });

  it('covers each rule of docs/domain.md §Password expiry', () => {
    // 1. disabled
    expect(user('patti.fernandez@contoso.com')).toMatchObject({ accountEnabled: false });
    // 2. guest with #EXT# UPN; member without lastPasswordChangeDateTime
    expect(user('megan.bowen_fabrikam.com#EXT#@contoso.onmicrosoft.com')).toMatchObject({ userType: 'Guest', mail: 'megan.bowen@fabrikam.com' });
    expect(user('nestor.wilke@contoso.com')).toMatchObject({ userType: 'Member', lastPasswordChangeDateTime: null });
    // 3. DisablePasswordExpiration, alone and combined; DisableStrongPassword alone does not stop expiry
    expect(user('svc-backup@contoso.com').passwordPolicies).toBe('DisablePasswordExpiration');
    expect(user('lynne.robbins@contoso.com').passwordPolicies).toBe('DisablePasswordExpiration, DisableStrongPassword');
    expect(user('miriam.graham@contoso.com').passwordPolicies).toBe('DisableStrongPassword');
    // 4. subdomains: null values inherit contoso.com (90), explicit ones win (apac: 60); mixed-case UPN
    expect(domain('eu.contoso.com')).toMatchObject({ isRoot: false, passwordValidityPeriodInDays: null });
    expect(daysLeft('anna.schmidt@eu.contoso.com', 90)).toBe(7);
    expect(daysLeft('Lukas.Weber@EU.Contoso.com', 90)).toBe(14);
    expect(domain('apac.contoso.com')).toMatchObject({ isRoot: false, passwordValidityPeriodInDays: 60 });
    expect(daysLeft('kenji.tanaka@apac.contoso.com', 60)).toBe(3);
    // 5. federated domain
    expect(domain('fabrikam-partners.com')?.authenticationType).toBe('Federated');
    expect(user('pradeep.gupta@fabrikam-partners.com').lastPasswordChangeDateTime).not.toBeNull();
    // 6. Int32 max validity
    expect(domain('contoso.onmicrosoft.com')?.passwordValidityPeriodInDays).toBe(2147483647);
    expect(user('admin@contoso.onmicrosoft.com').accountEnabled).toBe(true);
    // 8. null validity on a root domain: the product's setting (365 by default) decides
    expect(domain('litwareinc.com')).toMatchObject({ isRoot: true, passwordValidityPeriodInDays: null });
    expect(daysLeft('joni.sherman@litwareinc.com', 365)).toBe(7);
    // 9. hybrid users, with and without DisablePasswordExpiration
    expect(user('christie.cline@contoso.com')).toMatchObject({ onPremisesSyncEnabled: true, passwordPolicies: 'DisablePasswordExpiration' });
    expect(user('enrico.cattaneo@contoso.com')).toMatchObject({ onPremisesSyncEnabled: true, passwordPolicies: null });
  });

  it('has the mail edge cases: sender mailbox, no mailbox, null mail, HTML-special name', () => {
    expect(user(DEMO_GRAPH_CREDENTIALS.fromEmail)).toMatchObject({ hasMailbox: true, mail: 'passwatch@contoso.com' });
    expect(user(DEMO_GRAPH_CREDENTIALS.noMailboxEmail)).toMatchObject({ hasMailbox: false, mail: null });
    expect(user('ben.walters@contoso.com')).toMatchObject({ hasMailbox: true, mail: null });
    expect(user('conor.obrien@contoso.com').displayName).toBe("O'Brien <Test> & Co");
    expect(contoso.groups.map((group) => group.displayName)).toContain('R&D <Labs>');
  });

  it('registers the demo app registrations and consents', () => {
    expect(contosoBundle?.applications.map((application) => application.displayName)).toEqual([
      'Passwatch Demo',
      'Passwatch (no Mail.Send)',
      'Passwatch (no group permissions)',
      'Passwatch (expired secret)',
    ]);
    expect(contoso.servicePrincipalOf(DEMO_GRAPH_CREDENTIALS.applicationId)?.permissions).toEqual(
      new Set(['User.Read.All', 'Group.Read.All', 'GroupMember.Read.All', 'Mail.Send', 'Directory.Read.All']),
    );
    expect(fabrikamBundle?.applications[0]).toMatchObject({ multiTenant: true, homeTenantId: fabrikamBundle?.tenant.id });
  });
});
