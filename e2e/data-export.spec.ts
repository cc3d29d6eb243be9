import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { test } from './csp-guard.js';
import { signUpWithOrganization, toast, uniqueEmail } from './support.js';

test("an organization's owner downloads its data as a zip from Account Settings", async ({ page }) => {
  const email = uniqueEmail('export');
  await signUpWithOrganization(page, { email, name: 'Olga Owner' }, { name: 'Export Ltd', domain: 'export.example' });

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Export data' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^passwatch-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(toast(page, /Export Ltd's data was saved as passwatch-export-/)).toBeVisible();

  const files = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(Object.keys(files).sort()).toEqual(['audit-log.csv', 'configuration.json', 'send-ledger.csv', 'users.csv']);
  // The export itself is in the audit log it carries.
  expect(strFromU8(files['audit-log.csv']!)).toContain('Data export downloaded by Olga Owner');
});
