import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test`, failing any journey whose pages (frames included) broke the app's
 * Content-Security-Policy: Chromium logs every refused script, style or frame as a console error
 * ("Refused to ... because it violates the following Content Security Policy directive").
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that provides no value as `void` (its `use()` then takes no argument)
export const test = base.extend<{ contentSecurityPolicyGuard: void }>({
  contentSecurityPolicyGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(`${message.location().url}: ${message.text()}`);
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
