import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '../../shared/api/auth';
import { getJson, type ResponseSchema } from './api-client';
import { appInfoQueryKey } from './query-keys';

// GET /api/app-info is read on the signed-out landing page (the demo banner), whose bundle stays
// free of zod, so its answer is checked by hand here rather than with the shared appInfoSchema.
// The mapped type below makes the compiler ask for a check of every field the schema has, and
// app-info.test.ts holds the two to the same verdicts.

const nullableText = (value: unknown) => value === null || typeof value === 'string';

const fieldChecks: { [Field in keyof AppInfo]-?: (value: unknown) => boolean } = {
  demoMode: (value) => typeof value === 'boolean',
  adminHint: nullableText,
  simulatedMailboxUrl: nullableText,
  accountMailSinkUrl: nullableText,
  // An address: something before and after one '@', without spaces.
  supportEmail: (value) => typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value),
};

export const appInfoCheck: ResponseSchema<AppInfo> = {
  safeParse(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { success: false, error: { issues: [{ path: [], message: 'Expected an object' }] } };
    }
    const record = value as Record<string, unknown>;
    const issues = Object.entries(fieldChecks)
      .filter(([field, check]) => !check(record[field]))
      .map(([field]) => ({ path: [field], message: 'Invalid value' }));
    if (issues.length > 0) return { success: false, error: { issues } };
    const { demoMode, adminHint, simulatedMailboxUrl, accountMailSinkUrl, supportEmail } = record as AppInfo;
    return { success: true, data: { demoMode, adminHint, simulatedMailboxUrl, accountMailSinkUrl, supportEmail } };
  },
};

/** GET /api/app-info (no sign-in needed): demo mode, the admin hint, the simulated mailbox and the support address. */
export const appInfoQueryOptions = queryOptions({
  queryKey: appInfoQueryKey,
  queryFn: ({ signal }) => getJson('/api/app-info', appInfoCheck, signal),
});

export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
