import { describe, expect, it } from 'vitest';
import { nameText, text, textMessages } from './text-fields.js';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('text', () => {
  it('takes any well-formed Unicode, emoji and right-to-left text included', () => {
    for (const value of ['', 'Grüße 株式会社', '🚀👩‍💻', 'שלום \u200F world', '<p>{{userName}}</p>']) expect(text().safeParse(value).success).toBe(true);
  });

  it('refuses NUL and unpaired surrogates, wherever they are', () => {
    for (const value of ['\u0000', 'a\u0000b', '\uD800', 'a\uDFFF', '\uDE00\uD83D']) expect(errorOf(text().safeParse(value))).toBe(textMessages.brokenText);
  });
});

describe('nameText', () => {
  it('takes names in any script', () => {
    for (const value of ['Contoso Ltd', 'Ünïcödé 株式会社 🚀', 'O’Brien-Smith', 'مؤسسة']) expect(nameText('Company name').safeParse(value).success).toBe(true);
  });

  it('refuses control, bidirectional and zero-width characters', () => {
    for (const value of ['\u202Egnp.exe', 'a\u2066b', 'a\u200Eb', 'Con\u200Btoso', 'a\u2060b', '\uFEFFContoso', 'a\tb', 'a\u0085b']) {
      expect(errorOf(nameText('Company name').safeParse(value))).toBe(textMessages.unsafeName('Company name'));
    }
  });
});
