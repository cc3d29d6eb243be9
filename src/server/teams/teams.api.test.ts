// Members and invitations through the HTTP API against the real database, the invitation mail
// through a real SMTP server in this process (docs/product.md §Teams and roles).
import { and, eq, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSink, type SmtpSink } from '../../simulators/smtp/index.js';
import { teamMessages } from '../../shared/api/teams.js';
import { roleMessages } from '../../shared/domain/member-roles.js';
import { buildApp } from '../app.js';
import { OidcProvider } from '../auth/index.js';
import { accountMailOutbox, auditLogs, invitations, memberships } from '../db/schema/index.js';
import { startApiHarness, type ApiHarness, type Member } from '../test-support/api-harness.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';
import { testConfig } from '../test-support/test-config.js';
import { createInvitation } from './invitations.js';
import { organizationWithTeam } from './test-support/team.js';

let harness: ApiHarness;
let sink: SmtpSink;

beforeAll(async () => {
  sink = createSmtpSink();
  const { smtpUrl } = await sink.listen();
  harness = await startApiHarness({ SMTP_URL: smtpUrl, MAIL_FROM: 'Passwatch <team@passwatch.test>', RATE_LIMIT_EMAILS_PER_HOUR: '100000' });
});
afterAll(async () => {
  await harness?.close();
  await sink?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** The token of the latest invitation mail to `address`, read from the sink (text and HTML carry the same link). */
async function invitationToken(address: string): Promise<{ token: string; subject: string; text: string }> {
  const mail = [...sink.received].reverse().find((received) => received.envelopeTo.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  const parsed = await PostalMime.parse(mail.raw);
  const match = /\/invitation#([A-Za-z0-9_-]{43})/.exec(parsed.text ?? '');
  if (!match) throw new Error(`no invitation link in: ${parsed.text}`);
  return { token: match[1]!, subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

async function invite(owner: Member, email: string, role = 'helpdesk') {
  const response = await inject('POST', '/api/invitations', owner.headers, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, ...(await invitationToken(email)) };
}

async function signedInUser(email: string) {
  const user = await createUser(harness.database.db, { email, firstName: 'Hanna', lastName: 'Helper' });
  return { user, cookie: await sessionCookieFor(harness.database.db, user) };
}

const auditMessages = async (tenantId: string) =>
  (await harness.database.db.select({ message: auditLogs.message }).from(auditLogs).where(eq(auditLogs.tenantId, tenantId))).map((row) => row.message);

describe('invitations', () => {
  it('mails a single-use link; whoever signs in through it joins with its role; the audit log names who invited whom', async () => {
    const { owner } = await organizationWithTeam(harness);
    const invited = `helen-${Date.now()}@contoso.com`;
    const { id, token, subject, text } = await invite(owner, invited);
    expect(subject).toBe('Olivia Owner invites you to Contoso Ltd on Passwatch');
    expect(text).toContain('as Helpdesk');

    // Only the hash is stored: the token is in no table.
    const [row] = await harness.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(await harness.database.db.select().from(accountMailOutbox))).not.toContain(token);
    expect(JSON.stringify(await auditMessages(owner.tenantId))).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);

    const preview = await inject('POST', '/api/invitations/preview', {}, { token });
    expect(preview.json()).toMatchObject({ organization: 'Contoso Ltd', role: 'helpdesk', invitedBy: 'Olivia Owner' });

    const helen = await signedInUser(invited);
    const accepted = await inject('POST', '/api/invitations/accept', { cookie: helen.cookie }, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ tenantId: owner.tenantId, organization: 'Contoso Ltd', role: 'helpdesk' });
    const tenants = await inject('GET', '/api/tenants', { cookie: helen.cookie });
    expect(tenants.json()).toEqual([expect.objectContaining({ id: owner.tenantId, role: 'helpdesk' })]);
    expect(await auditMessages(owner.tenantId)).toEqual(
      expect.arrayContaining([`Olivia Owner invited ${invited} as Helpdesk`, 'Hanna Helper joined as Helpdesk, invited by Olivia Owner']),
    );

    // Used: a second use, by anyone, gets nothing.
    const again = await signedInUser(`other-${Date.now()}@contoso.com`);
    const reused = await inject('POST', '/api/invitations/accept', { cookie: again.cookie }, { token });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(teamMessages.invitationUnusable);
    expect((await inject('GET', '/api/invitations', owner.headers)).json()).toEqual([]);
  });

  it("is accepted by whoever signs in through another person's link, once, and the audit log says to whom it was sent", async () => {
    const { owner } = await organizationWithTeam(harness);
    const { token } = await invite(owner, 'intended@contoso.com', 'viewer');
    const someoneElse = await signedInUser('someone.else@fabrikam.com');
    const accepted = await inject('POST', '/api/invitations/accept', { cookie: someoneElse.cookie }, { token });
    expect(accepted.json().role).toBe('viewer');
    expect(await auditMessages(owner.tenantId)).toContain(
      'Hanna Helper joined as Viewer, invited by Olivia Owner (the invitation was sent to intended@contoso.com)',
    );
  });

  it('refuses an expired link (410) and a revoked one (404); a resent invitation works and its old link does not', async () => {
    const { owner } = await organizationWithTeam(harness);
    const expired = await invite(owner, 'late@contoso.com');
    await harness.database.db
      .update(invitations)
      .set({ expiresAt: new Date(harness.graph.clock.now().getTime() - 1) })
      .where(eq(invitations.id, expired.id));
    const late = await signedInUser('late@contoso.com');
    const tooLate = await inject('POST', '/api/invitations/accept', { cookie: late.cookie }, { token: expired.token });
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().message).toBe(teamMessages.invitationExpired);
    expect((await inject('POST', '/api/invitations/preview', {}, { token: expired.token })).statusCode).toBe(410);

    const revoked = await invite(owner, 'revoked@contoso.com');
    expect((await inject('DELETE', `/api/invitations/${revoked.id}`, owner.headers)).statusCode).toBe(204);
    const refused = await inject('POST', '/api/invitations/accept', { cookie: late.cookie }, { token: revoked.token });
    expect(refused.statusCode).toBe(404);
    expect((await inject('DELETE', `/api/invitations/${revoked.id}`, owner.headers)).statusCode).toBe(404);

    const first = await invite(owner, 'resent@contoso.com');
    const resent = await inject('POST', `/api/invitations/${first.id}/resend`, owner.headers);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await invitationToken('resent@contoso.com');
    expect(second.token).not.toBe(first.token);
    expect((await inject('POST', '/api/invitations/accept', { cookie: late.cookie }, { token: first.token })).statusCode).toBe(404);
    expect((await inject('POST', '/api/invitations/accept', { cookie: late.cookie }, { token: second.token })).statusCode).toBe(200);
    expect(await auditMessages(owner.tenantId)).toEqual(
      expect.arrayContaining([
        'Olivia Owner revoked the invitation of revoked@contoso.com as Helpdesk',
        'Olivia Owner resent the invitation of resent@contoso.com as Helpdesk',
      ]),
    );
    expect((await inject('POST', '/api/invitations/accept', { cookie: late.cookie }, { token: 'x' })).statusCode).toBe(400);
  });

  it('grants no more than the inviter has, and is no way to change the role of a member', async () => {
    const team = await organizationWithTeam(harness);
    // Only owners invite; an admin asking gets the role answer.
    const byAdmin = await inject('POST', '/api/invitations', team.admin.headers, { email: 'x@contoso.com', role: 'owner' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(roleMessages.forbidden('admin', 'owner'));
    // The use case itself refuses a role above the inviter's, whoever calls it.
    const deps = { db: harness.database.db, clock: harness.graph.clock.now, accountMail: harness.app.accountMail };
    await expect(
      createInvitation(deps, team.owner.tenantId, { userId: team.admin.userId, role: 'admin' }, { email: 'x@contoso.com', role: 'owner' }),
    ).rejects.toThrow(teamMessages.cannotGrant);

    // A viewer accepting an owner's invitation meant for someone else stays a viewer; the link stays unused.
    const { token } = await invite(team.owner, 'new.owner@contoso.com', 'owner');
    const accepted = await inject('POST', '/api/invitations/accept', { cookie: team.viewer.cookie }, { token });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe(teamMessages.alreadyMember);
    const [viewer] = await harness.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, team.owner.tenantId), eq(memberships.userId, team.viewer.userId)));
    expect(viewer!.role).toBe('viewer');
    expect((await inject('POST', '/api/invitations/preview', {}, { token })).statusCode).toBe(200);
  });

  it('lets the organization keep writing its audit log while an invitation mail is with the SMTP server', async () => {
    const { owner } = await organizationWithTeam(harness);
    let release!: () => void;
    const smtpAnswers = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handedToSmtp!: () => void;
    const inSmtp = new Promise<void>((resolve) => {
      handedToSmtp = resolve;
    });
    const sendNow = async () => {
      handedToSmtp();
      await smtpAnswers;
    };
    const deps = { db: harness.database.db, clock: harness.graph.clock.now, accountMail: { appUrl: harness.app.accountMail.appUrl, sendNow } };
    const invitation = createInvitation(deps, owner.tenantId, { userId: owner.userId, role: 'owner' }, { email: 'slow.smtp@contoso.com', role: 'viewer' });
    await inSmtp;
    // A row that references the organization (its foreign key takes FOR KEY SHARE) goes in at once, not after the mail.
    const written = await harness.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      return tx
        .insert(auditLogs)
        .values({ tenantId: owner.tenantId, category: 'members', status: 'success', message: 'written during the invitation mail', createdAt: new Date() })
        .returning({ id: auditLogs.id });
    });
    expect(written).toHaveLength(1);
    release();
    await expect(invitation).resolves.toMatchObject({ email: 'slow.smtp@contoso.com', mailed: true });
  });

  it('answers 400 for a bad address or role and refuses a second pending invitation to the same address', async () => {
    const { owner } = await organizationWithTeam(harness);
    const bad = await inject('POST', '/api/invitations', owner.headers, { email: 'not-an-address', role: 'helpdesk' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(teamMessages.emailInvalid);
    expect((await inject('POST', '/api/invitations', owner.headers, { email: 'a@contoso.com', role: 'member' })).statusCode).toBe(400);
    await invite(owner, 'twice@contoso.com');
    const twice = await inject('POST', '/api/invitations', owner.headers, { email: 'Twice@Contoso.com', role: 'viewer' });
    expect(twice.statusCode).toBe(409);
  });
});

describe('members', () => {
  const roleOf = async (tenantId: string, userId: string) =>
    (
      await harness.database.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
    )[0]?.role ?? null;

  it('lists members with role and last sign-in; an owner changes a role and removes a member, audited', async () => {
    const team = await organizationWithTeam(harness);
    const list = await inject('GET', '/api/members', team.viewer.headers);
    expect(list.json().map((member: { name: string; role: string }) => [member.name, member.role])).toEqual([
      ['Olivia Owner', 'owner'],
      ['Adam Admin', 'admin'],
      ['Helen Helpdesk', 'helpdesk'],
      ['Victor Viewer', 'viewer'],
    ]);
    expect(list.json()[0]).toHaveProperty('lastSignInAt', null);

    expect((await inject('PUT', `/api/members/${team.helpdesk.userId}/role`, team.owner.headers, { role: 'viewer' })).statusCode).toBe(204);
    expect(await roleOf(team.owner.tenantId, team.helpdesk.userId)).toBe('viewer');
    expect((await inject('DELETE', `/api/members/${team.viewer.userId}`, team.owner.headers)).statusCode).toBe(204);
    expect(await roleOf(team.owner.tenantId, team.viewer.userId)).toBeNull();
    expect(await auditMessages(team.owner.tenantId)).toEqual(
      expect.arrayContaining([
        'Olivia Owner changed the role of Helen Helpdesk from Helpdesk to Viewer',
        'Olivia Owner removed Victor Viewer (Viewer) from the organization',
      ]),
    );
  });

  it('keeps at least one owner: no demotion, removal or leaving of the last one, not even by SQL', async () => {
    const team = await organizationWithTeam(harness);
    const demote = await inject('PUT', `/api/members/${team.owner.userId}/role`, team.owner.headers, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(teamMessages.lastOwner);
    expect((await inject('POST', '/api/members/leave', team.owner.headers)).statusCode).toBe(409);
    await expect(
      harness.database.db.delete(memberships).where(and(eq(memberships.tenantId, team.owner.tenantId), eq(memberships.userId, team.owner.userId))),
    ).rejects.toThrow();
    expect(await roleOf(team.owner.tenantId, team.owner.userId)).toBe('owner');
    // Another member leaves freely.
    expect((await inject('POST', '/api/members/leave', team.admin.headers)).statusCode).toBe(204);
    expect(await auditMessages(team.owner.tenantId)).toContain('Adam Admin (Admin) left the organization');
  });

  it('lets only one of two owners demoting each other at once succeed', async () => {
    const team = await organizationWithTeam(harness);
    await inject('PUT', `/api/members/${team.admin.userId}/role`, team.owner.headers, { role: 'owner' });
    const [first, second] = await Promise.all([
      inject('PUT', `/api/members/${team.admin.userId}/role`, team.owner.headers, { role: 'viewer' }),
      inject('PUT', `/api/members/${team.owner.userId}/role`, team.admin.headers, { role: 'viewer' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 409]);
    const roles = [await roleOf(team.owner.tenantId, team.owner.userId), await roleOf(team.owner.tenantId, team.admin.userId)];
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
  });

  it('transfers the ownership: the member becomes owner, the owner admin', async () => {
    const team = await organizationWithTeam(harness);
    const transfer = await inject('POST', '/api/members/transfer-ownership', team.owner.headers, { userId: team.helpdesk.userId });
    expect(transfer.statusCode, transfer.body).toBe(204);
    expect(await roleOf(team.owner.tenantId, team.helpdesk.userId)).toBe('owner');
    expect(await roleOf(team.owner.tenantId, team.owner.userId)).toBe('admin');
    expect(await auditMessages(team.owner.tenantId)).toContain(
      'Olivia Owner transferred the ownership to Helen Helpdesk (was Helpdesk); Olivia Owner is now Admin',
    );
    // The former owner's next request already answers as an admin.
    expect((await inject('GET', '/api/invitations', team.owner.headers)).statusCode).toBe(403);
  });

  it('ends a changed or removed member’s access at once on every instance', async () => {
    const team = await organizationWithTeam(harness);
    const config = testConfig({ ENTRA_AUTHORITY_URL: harness.graph.baseUrl, GRAPH_API_URL: harness.graph.baseUrl });
    const other = await buildApp({ config, db: harness.database.db, oidc: new OidcProvider(config.oidc!, `${config.appUrl}/api/callback`) });
    try {
      const onOther = (member: Member) => other.inject({ method: 'GET', url: '/api/audit-logs', headers: member.headers });
      // Both instances keep the lookups now.
      expect((await onOther(team.helpdesk)).statusCode).toBe(200);
      expect((await onOther(team.viewer)).statusCode).toBe(200);
      const sendAsHelpdesk = () => other.inject({ method: 'POST', url: '/api/send-manual-email', headers: team.helpdesk.headers, payload: {} });
      expect((await sendAsHelpdesk()).statusCode).toBe(400);

      await inject('PUT', `/api/members/${team.helpdesk.userId}/role`, team.owner.headers, { role: 'viewer' });
      await inject('DELETE', `/api/members/${team.viewer.userId}`, team.owner.headers);
      await expect.poll(async () => (await sendAsHelpdesk()).statusCode, { timeout: 2_000 }).toBe(403);
      await expect.poll(async () => (await onOther(team.viewer)).statusCode, { timeout: 2_000 }).toBe(404);
    } finally {
      await other.close();
    }
  });
});
