import { expect } from '@playwright/test';
import { test } from './csp-guard.js';
import { configureDemoTenant, signUpWithOrganization, subscribeInDemo, toast, uniqueEmail } from './support.js';

// Contoso's simulated users read different languages (src/simulators/graph/demo-tenants.ts): Anna
// Schmidt German (de-DE, expires in 7 days), Adele Vance French (fr-FR, today), Kenji Tanaka
// Japanese (ja-JP, in 3 days). The organization writes its own German reminder; French and
// Japanese readers get Passwatch's built-in wording in their language.

test.beforeAll(async ({ request }) => {
  const settings = await request.put(`http://127.0.0.1:${process.env.E2E_GRAPH_PORT ?? '3102'}/_control/settings`, { data: { mailMessagesPerMinute: 600 } });
  expect(settings.ok()).toBe(true);
});

const GERMAN_SUBJECT = 'Contoso: Ihr Kennwort läuft bald ab';

test('add a German variant -> preview says which wording -> Run Now -> German, French and Japanese reminders in the mailbox', async ({ page }) => {
  await signUpWithOrganization(page, { email: uniqueEmail('languages'), name: 'Lena Languages' }, { name: 'Contoso Ltd', domain: 'contoso.com' });
  await subscribeInDemo(page);
  await configureDemoTenant(page);
  await page.reload();

  await page.getByRole('tab', { name: 'Configuration' }).click();
  // The Languages card sits in the Email section; its editors load as they come into view.
  await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Email' }).click();
  const languages = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Languages' }) });
  await languages.scrollIntoViewIfNeeded();
  await expect(languages.getByLabel('Default language')).toHaveValue('en');

  // Before any variant: a German reader gets the built-in German wording, and the preview says so.
  const previewLanguage = languages.getByLabel('Preview for a reader of');
  await previewLanguage.selectOption('de');
  await expect(languages.getByText("No German wording of the organization's own: the built-in German wording.")).toBeVisible();

  // Add German: it starts from that wording; a subject and a closing line of the organization's own.
  await languages.getByLabel('Add a language').selectOption('de');
  await expect(languages.getByRole('tab', { name: 'German (Deutsch)', selected: true })).toBeVisible();
  const germanEditor = languages.getByRole('textbox', { name: 'German (Deutsch) template' });
  await languages.getByLabel('German (Deutsch) subject').scrollIntoViewIfNeeded();
  await expect(germanEditor).toContainText('Ihr Kennwort läuft bald ab');
  await languages.getByLabel('German (Deutsch) subject').fill(GERMAN_SUBJECT);
  await germanEditor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Fragen? Durchwahl 4711.');
  // The variant's own preview writes the sample date the German way.
  const variantPreview = page.frameLocator('iframe[title="German (Deutsch) template preview"]');
  await expect(variantPreview.getByText(`Subject: ${GERMAN_SUBJECT}`)).toBeVisible();
  await expect(variantPreview.getByText(/\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}/).first()).toBeVisible();
  await languages.getByRole('button', { name: 'Save German (Deutsch) variant' }).click();
  await expect(toast(page, 'Language variant saved')).toBeVisible();
  await expect(languages.getByText("The organization's own German wording.")).toBeVisible();

  // A language with neither: the default language's wording, said as much.
  await previewLanguage.selectOption('ar');
  await expect(languages.getByText('No Arabic wording, own or built in: the built-in English wording of the default language.')).toBeVisible();

  // Run Now: the users table shows each user's language.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Run Now' }).click();
  await expect(toast(page, /^Checked \d+ users?: \d+ passwords? expiring soon/)).toBeVisible();
  const usersCard = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Users with Expiring Passwords' }) });
  await expect(usersCard.getByRole('row').filter({ hasText: 'anna.schmidt@eu.contoso.com' }).getByText('German (Germany)')).toBeVisible();

  const appInfo = (await (await page.request.get('/api/app-info')).json()) as { simulatedMailboxUrl: string };
  // The reminders go out after Run Now answers: open the mailbox again, as a person would, until it is there.
  const readMailbox = async (address: string, subject: string) => {
    const message = page.getByRole('article').filter({ hasText: subject }).first();
    await expect(async () => {
      await page.goto(`${appInfo.simulatedMailboxUrl}?to=${address}`);
      await expect(message).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    return message.frameLocator('iframe');
  };

  // Anna reads the organization's German reminder, its date written the German way.
  const german = await readMailbox('anna.schmidt@eu.contoso.com', GERMAN_SUBJECT);
  await expect(german.getByText('Hallo Anna Schmidt,')).toBeVisible();
  await expect(german.getByText(/läuft am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4} ab/)).toBeVisible();
  await expect(german.getByText('Fragen? Durchwahl 4711.')).toBeVisible();

  // Adele the built-in French one, Kenji the built-in Japanese one.
  const french = await readMailbox('adele.vance@contoso.com', 'Votre mot de passe expire bientôt');
  await expect(french.getByText('Bonjour Adele Vance,')).toBeVisible();
  await expect(french.getByText(/expire le \d{1,2} [a-zéû]+ \d{4}/)).toBeVisible();
  const japanese = await readMailbox('kenji.tanaka@apac.contoso.com', 'パスワードの有効期限が近づいています');
  await expect(japanese.getByText('Kenji Tanaka さん')).toBeVisible();
  await expect(japanese.getByText(/\d{4}年\d{1,2}月\d{1,2}日/)).toBeVisible();
});
