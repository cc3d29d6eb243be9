/** Milliseconds in a day of UTC arithmetic (a calendar day in a zone with daylight saving may differ). */
export const DAY_MS = 86_400_000;
