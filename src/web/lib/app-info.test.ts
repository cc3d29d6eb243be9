import { describe, expect, it } from 'vitest';
import { appInfoSchema, type AppInfo } from '../../shared/api/auth';
import { appInfoCheck } from './app-info';

// The landing page checks /api/app-info by hand (its bundle has no zod): the check must reach the
// shared schema's verdict on every answer, field by field.

const valid: AppInfo = {
  demoMode: true,
  adminHint: 'Sign in as admin@passwatch.app',
  simulatedMailboxUrl: 'http://localhost:4010/mailbox',
  accountMailSinkUrl: 'http://127.0.0.1:4025/',
  supportEmail: 'help@passwatch.app',
};
const wrongValues: unknown[] = [undefined, null, true, 0, '', 'text', 'call us', 'help@passwatch.app', [], {}];

const answers: [string, unknown][] = [
  ['a valid answer', valid],
  ['no demo hints', { ...valid, demoMode: false, adminHint: null, simulatedMailboxUrl: null, accountMailSinkUrl: null }],
  ['not an object', 'app info'],
  ['a list', [valid]],
  ['null', null],
  ...Object.keys(valid).flatMap((field) =>
    wrongValues.map((value): [string, unknown] => [`${field} = ${JSON.stringify(value)}`, { ...valid, [field]: value }]),
  ),
];

describe('appInfoCheck', () => {
  it.each(answers)('agrees with appInfoSchema on %s', (_label, answer) => {
    const byHand = appInfoCheck.safeParse(answer);
    const bySchema = appInfoSchema.safeParse(answer);
    expect(byHand.success).toBe(bySchema.success);
    if (byHand.success && bySchema.success) expect(byHand.data).toEqual(bySchema.data);
  });

  it('drops fields the contract does not have', () => {
    expect(appInfoCheck.safeParse({ ...valid, internal: 'x' })).toEqual({ success: true, data: valid });
  });
});
