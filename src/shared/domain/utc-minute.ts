/** A readable instant, the same in mail, audit entries and the users table: '2026-11-24 08:00 UTC'. */
export function utcMinute(instant: Date | number): string {
  return `${new Date(instant).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
