import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import type { DryRun } from '../../shared/api/reminder-policy.js';
import { templateLanguageMessages, type TemplateLanguages } from '../../shared/api/template-languages.js';
import { builtInWording } from '../../shared/domain/built-in-wording/index.js';
import { formatLocalDateFor } from '../../shared/domain/localized-values.js';
import { auditLogs, emailSends } from '../db/schema/index.js';
import { NotificationHarness, waitFor, type Customer } from '../notifications/test-support/notification-harness.js';
import { createUser, sessionCookieFor } from '../test-support/factories.js';

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

const GERMAN = { subject: 'Contoso: Ihr Kennwort läuft ab', template: '<p>Hallo {{userName}}, Ihr Kennwort läuft am {{expirationDate}} ab.</p>' };

async function saveVariant(customer: Customer, kind: string, language: string, body: unknown) {
  return harness.request(customer, 'PUT', `/api/template-languages/variants/${kind}/${language}`, body);
}

describe('the template languages API', () => {
  it('keeps the default language and the variants per language, sanitised and audited', async () => {
    const customer = await harness.createCustomer({ users: 5 });
    expect((await harness.request(customer, 'GET', '/api/template-languages')).json()).toEqual({ defaultLanguage: 'en', variants: [] });

    const saved = await saveVariant(customer, 'reminder', 'de', {
      subject: `  ${GERMAN.subject} `,
      template: '<p onclick="x()">Hallo<script>alert(1)</script> {{userName}}</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as TemplateLanguages).variants).toEqual([
      { kind: 'reminder', language: 'de', subject: GERMAN.subject, template: '<p>Hallo {{userName}}</p>', updatedAt: expect.any(String) },
    ]);
    expect((await saveVariant(customer, 'reminder', 'de', GERMAN)).statusCode).toBe(200);
    expect((await saveVariant(customer, 'after_expiry', 'ja', { subject: '期限切れ', template: '<p>{{userName}} さん</p>' })).statusCode).toBe(200);

    const changed = await harness.request(customer, 'PUT', '/api/template-languages/default-language', { defaultLanguage: 'fr' });
    expect(changed.statusCode, changed.body).toBe(200);
    const listed = (await harness.request(customer, 'GET', '/api/template-languages')).json() as TemplateLanguages;
    expect(listed.defaultLanguage).toBe('fr');
    expect(listed.variants.map((variant) => `${variant.kind} ${variant.language} ${variant.template}`)).toEqual([
      `after_expiry ja <p>{{userName}} さん</p>`,
      `reminder de ${GERMAN.template}`,
    ]);

    // The default language's wording is the main template: no variant of it.
    const refused = await saveVariant(customer, 'reminder', 'fr', GERMAN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(templateLanguageMessages.defaultLanguageVariant);
    // Nor may a language with a variant become the default: the variant would hide the main template and be beyond editing.
    const hidden = await harness.request(customer, 'PUT', '/api/template-languages/default-language', { defaultLanguage: 'de' });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().message).toBe(templateLanguageMessages.variantInNewDefault('German (Deutsch)'));
    expect(((await harness.request(customer, 'GET', '/api/template-languages')).json() as TemplateLanguages).defaultLanguage).toBe('fr');

    const removed = await harness.request(customer, 'DELETE', '/api/template-languages/variants/after_expiry/ja');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as TemplateLanguages).variants.map((variant) => variant.language)).toEqual(['de']);
    expect((await harness.request(customer, 'DELETE', '/api/template-languages/variants/after_expiry/ja')).statusCode).toBe(404);

    const audit = await harness.database.db.select({ message: auditLogs.message }).from(auditLogs).where(eq(auditLogs.tenantId, customer.tenantId));
    const messages = audit.map((entry) => entry.message);
    for (const expected of [
      /^German \(Deutsch\) reminder template added by /,
      /^German \(Deutsch\) reminder template updated by /,
      /^Japanese \(日本語\) after-expiry template added by /,
      /^Japanese \(日本語\) after-expiry template removed by /,
      /^Default language set to French \(Français\) by .* \(was English\)$/,
    ]) {
      expect(
        messages.some((message) => expected.test(message)),
        String(expected),
      ).toBe(true);
    }
  });

  it('refuses what is no language, template kind or variant with a message saying why, and stores nothing', async () => {
    const customer = await harness.createCustomer({ users: 5 });
    const cases: [string, string, unknown, string][] = [
      ['reminder', 'xx', GERMAN, templateLanguageMessages.language],
      ['reminder', 'de-DE', GERMAN, templateLanguageMessages.language],
      ['weekly', 'de', GERMAN, templateLanguageMessages.kind],
      ['reminder', 'de', { ...GERMAN, subject: '  ' }, templateLanguageMessages.subjectRequired],
      ['reminder', 'de', { ...GERMAN, subject: 'a\r\nBcc: x@evil.test' }, templateLanguageMessages.subjectOneLine],
      ['reminder', 'de', { ...GERMAN, subject: 'x'.repeat(201) }, templateLanguageMessages.subjectTooLong],
      ['reminder', 'de', { ...GERMAN, template: '<p> </p>' }, templateLanguageMessages.templateRequired],
      ['reminder', 'de', { ...GERMAN, template: `<p>${'x'.repeat(10_001)}</p>` }, 'The email template can be at most 10,000 characters'],
      ['reminder', 'de', { subject: 5 }, templateLanguageMessages.subjectRequired],
    ];
    for (const [kind, language, body, message] of cases) {
      const response = await saveVariant(customer, kind, language, body);
      expect(response.statusCode, `${kind} ${language} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const badDefault = await harness.request(customer, 'PUT', '/api/template-languages/default-language', { defaultLanguage: 'klingon' });
    expect(badDefault.statusCode).toBe(400);
    expect(badDefault.json().message).toBe(templateLanguageMessages.language);
    expect((await harness.request(customer, 'GET', '/api/template-languages')).json()).toEqual({ defaultLanguage: 'en', variants: [] });
  });

  it("answers 404 to a member of another organization and leaves the organization's languages alone", async () => {
    const owner = await harness.createCustomer({ users: 5 });
    expect((await saveVariant(owner, 'reminder', 'de', GERMAN)).statusCode).toBe(200);
    const strangerUser = await createUser(harness.database.db);
    const stranger = { cookie: await sessionCookieFor(harness.database.db, strangerUser), tenantId: owner.tenantId };
    for (const [method, url, body] of [
      ['GET', '/api/template-languages', undefined],
      ['PUT', '/api/template-languages/default-language', { defaultLanguage: 'ja' }],
      ['PUT', '/api/template-languages/variants/reminder/de', { subject: 'x', template: '<p>x</p>' }],
      ['DELETE', '/api/template-languages/variants/reminder/de', undefined],
    ] as const) {
      const response = await harness.request(stranger, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const kept = (await harness.request(owner, 'GET', '/api/template-languages')).json() as TemplateLanguages;
    expect(kept.defaultLanguage).toBe('en');
    expect(kept.variants.map((variant) => variant.subject)).toEqual([GERMAN.subject]);
  });
});

/** The simulated directory's users get languages in turn: German with and without a region, French, Japanese, Arabic (no built-in wording) and none. */
const LANGUAGE_TAGS = ['de-DE', 'fr-FR', 'ja-JP', null, 'ar-SA', 'de'] as const;

describe('a check sends each user the wording of their language', () => {
  it("the organization's variant, else the built-in wording of the language, else the default language's; the dry run and a manual send choose the same", async () => {
    const customer = await harness.createCustomer({ users: 30 });
    const languageOf = new Map<string, string | null>();
    customer.directory.tenant.users.forEach((user, index) => {
      user.preferredLanguage = LANGUAGE_TAGS[index % LANGUAGE_TAGS.length]!;
      if (user.mail) languageOf.set(user.mail, user.preferredLanguage);
    });
    expect((await saveVariant(customer, 'reminder', 'de', GERMAN)).statusCode).toBe(200);

    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);
    const { db } = harness.database;
    const reminders = () =>
      db
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.tenantId, customer.tenantId), eq(emailSends.kind, 'reminder')));
    await waitFor(async () => (await reminders()).length > 0 && (await reminders()).every((row) => row.state === 'sent'), 20_000, 'the reminders');
    const rows = await reminders();
    const mail = harness.mail(customer);
    expect(mail).toHaveLength(rows.length);

    const seen = new Set<string | null>();
    for (const message of mail) {
      const recipient = message.to[0]!;
      const tag = languageOf.get(recipient) ?? null;
      const row = rows.find((candidate) => candidate.recipient === recipient)!;
      expect(row.language, recipient).toBe(tag);
      seen.add(tag);
      if (tag === 'de-DE' || tag === 'de') {
        expect(message.subject, recipient).toBe(GERMAN.subject);
        expect(message.content).toContain(`Ihr Kennwort läuft am ${formatLocalDateFor(row.expiryDate, 'de-DE')} ab.`);
        expect(message.content).toContain('<html lang="de"');
        expect(message.textContent).toContain(`Ihr Kennwort läuft am ${formatLocalDateFor(row.expiryDate, 'de-DE')} ab.`);
      } else if (tag === 'fr-FR') {
        expect(message.subject, recipient).toBe(builtInWording('reminder', 'fr').subject);
        expect(message.textContent).toContain(formatLocalDateFor(row.expiryDate, 'fr-FR'));
      } else if (tag === 'ja-JP') {
        expect(message.subject, recipient).toBe(builtInWording('reminder', 'ja').subject);
        expect(message.textContent).toContain(formatLocalDateFor(row.expiryDate, 'ja-JP'));
        expect(message.textContent).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
      } else {
        // No language, or Arabic (no built-in wording): the organization's default language, English.
        expect(message.subject, recipient).toBe(builtInWording('reminder', 'en').subject);
        expect(message.content).toContain('<html lang="en"');
        expect(message.textContent).toContain(formatLocalDateFor(row.expiryDate, 'en-US'));
      }
    }
    expect(seen.size, 'every language among the recipients').toBe(LANGUAGE_TAGS.length);

    // The users table shows each user's language.
    const page = (await harness.request(customer, 'GET', '/api/password-expirations?filter=all&pageSize=100')).json() as PasswordExpirationsPage;
    const japanese = page.records.find((record) => record.preferredLanguage === 'ja-JP');
    expect(japanese).toBeDefined();
    expect(page.records.some((record) => record.preferredLanguage === null)).toBe(true);

    // The dry run picks the wording the same way: tomorrow's check reminds the same users, in the same languages.
    const dryRun = (await harness.request(customer, 'GET', '/api/reminder-policy/dry-run')).json() as DryRun;
    const projected = dryRun.days.flatMap((day) => day.reminders);
    expect(projected.length).toBeGreaterThan(0);
    for (const reminder of projected) {
      const tag = languageOf.get(reminder.recipient) ?? null;
      const expected = tag?.startsWith('de')
        ? ['de', 'organization']
        : tag === 'fr-FR'
          ? ['fr', 'built_in']
          : tag === 'ja-JP'
            ? ['ja', 'built_in']
            : tag === 'ar-SA'
              ? ['en', 'default_language']
              : ['en', 'built_in'];
      expect([reminder.language, reminder.wordingSource], reminder.recipient).toEqual(expected);
    }

    // A manual send to the Japanese user: Japanese, as the check's was.
    const manual = await harness.request(customer, 'POST', '/api/send-manual-email', { userId: japanese!.userId });
    expect(manual.statusCode, manual.body).toBe(200);
    const [manualRow] = await db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.tenantId, customer.tenantId), inArray(emailSends.kind, ['manual'])));
    expect(manualRow?.language).toBe('ja-JP');
    const manualMail = harness.mail(customer).at(-1)!;
    expect(manualMail.subject).toBe(builtInWording('reminder', 'ja').subject);
  }, 60_000);

  it("sends the pilot mailbox the user's language", async () => {
    const customer = await harness.createCustomer({ users: 12 });
    for (const user of customer.directory.tenant.users) user.preferredLanguage = 'ja-JP';
    const pilot = await harness.request(customer, 'PUT', '/api/reminder-recipients', { pilotMailbox: 'pilot@contoso.com', ccManager: false });
    expect(pilot.statusCode, pilot.body).toBe(200);
    expect((await harness.request(customer, 'POST', '/api/run-check', {})).statusCode).toBe(200);
    await waitFor(() => harness.mail(customer).length > 0, 20_000, 'the pilot mail');
    const [message] = harness.mail(customer);
    expect(message?.to).toEqual(['pilot@contoso.com']);
    expect(message?.subject).toContain(builtInWording('reminder', 'ja').subject);
    expect(message?.subject).toMatch(/^\[Pilot: for /);
  }, 60_000);
});
