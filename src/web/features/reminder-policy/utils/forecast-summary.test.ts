import { describe, expect, it } from 'vitest';
import { forecastSummary } from './forecast-summary';

describe('forecastSummary', () => {
  it('totals the days and names the busiest, the first of equals', () => {
    const days = [
      { date: '2025-03-10', expiries: 2, reminders: 1, byLanguage: [] },
      { date: '2025-03-11', expiries: 0, reminders: 1200, byLanguage: [] },
      { date: '2025-03-12', expiries: 5, reminders: 1200, byLanguage: [] },
    ];
    expect(forecastSummary(days)).toBe('In the next 3 days, 7 passwords expire and 2,401 reminders are planned; the most on 3/11/2025 (1,200).');
  });

  it('says how many go out in each language, the most first', () => {
    const days = [
      {
        date: '2025-03-10',
        expiries: 2,
        reminders: 3,
        byLanguage: [
          { language: 'de' as const, reminders: 2 },
          { language: 'en' as const, reminders: 1 },
        ],
      },
      {
        date: '2025-03-11',
        expiries: 1,
        reminders: 2,
        byLanguage: [
          { language: 'en' as const, reminders: 1 },
          { language: 'ja' as const, reminders: 1 },
        ],
      },
    ];
    expect(forecastSummary(days)).toBe(
      'In the next 2 days, 3 passwords expire and 5 reminders are planned; the most on 3/10/2025 (3). By language: English 2, German 2, Japanese 1.',
    );
  });

  it('names no day when nothing is planned', () => {
    expect(
      forecastSummary([
        { date: '2025-03-10', expiries: 1, reminders: 0, byLanguage: [] },
        { date: '2025-03-11', expiries: 0, reminders: 0, byLanguage: [] },
      ]),
    ).toBe('In the next 2 days, 1 password expires and 0 reminders are planned.');
  });
});
