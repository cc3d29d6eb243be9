import { describe, expect, it } from 'vitest';
import { expiringSoonUntil, isExpiringSoon } from './expiring-soon.js';

// Friday 15 March 2024.
const FRIDAY = '2024-03-15';

describe('expiring soon', () => {
  it('reaches as far as the reminders: the policy’s first reminder day, not the reminder window', () => {
    const rule = {
      today: FRIDAY,
      weekendProcessing: 'include' as const,
      daysBeforeExpiration: 7,
      thresholds: { reminderDays: [14, 7, 3, 1, 0], afterExpiryDays: [] },
    };
    expect(expiringSoonUntil(rule)).toBe('2024-03-29');
    expect(isExpiringSoon('2024-03-29', rule)).toBe(true);
    expect(isExpiringSoon('2024-03-30', rule)).toBe(false);
    expect(isExpiringSoon(FRIDAY, rule)).toBe(true);
    expect(isExpiringSoon('2024-03-14', rule)).toBe(false);
    expect(expiringSoonUntil({ ...rule, thresholds: null })).toBe('2024-03-22');
  });

  it("under weekdays, Friday's reach includes the weekend it stands in for", () => {
    expect(expiringSoonUntil({ today: FRIDAY, weekendProcessing: 'weekdays', daysBeforeExpiration: 7 })).toBe('2024-03-24');
  });
});
