import { describe, expect, it } from 'vitest';
import { isCustomTemplate } from './template-status';

const defaultTemplate = '<h2>Your password expires soon</h2><p>Hello {{userName}},</p><p>Thank you,<br />{{companyName}} IT &amp; Security</p>';

describe('isCustomTemplate', () => {
  it('is Default while no template is saved', () => {
    expect(isCustomTemplate('', defaultTemplate)).toBe(false);
    expect(isCustomTemplate('<p></p>', defaultTemplate)).toBe(false);
  });

  it('is Default for the default as the editor and sanitiser rewrite it', () => {
    const rewritten =
      '<h2 style="text-align: left">Your password expires soon</h2><p>Hello {{userName}},</p><p>Thank you,<br>{{companyName}} IT &amp; Security</p>';
    expect(isCustomTemplate(rewritten, defaultTemplate)).toBe(false);
  });

  it('is Custom once the words differ', () => {
    expect(isCustomTemplate('<p>Hi {{userName}}, change your password.</p>', defaultTemplate)).toBe(true);
    expect(isCustomTemplate(defaultTemplate.replace('Hello', 'Dear'), defaultTemplate)).toBe(true);
  });
});
