// Instants arrive as Date objects or ISO 8601 strings (Graph sends '2024-05-01T09:30:00Z').
// Only ISO 8601 is accepted, and a date-time without an offset is read as UTC, so the result
// never depends on the time zone of the machine running the code.

export type Instant = Date | string;

const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?)?$/i;

/** Milliseconds since the epoch, or NaN for anything that is not a valid ISO 8601 instant. */
export function parseInstantMs(value: Instant): number {
  if (value instanceof Date) return value.getTime();
  const match = ISO_8601.exec(value.trim());
  if (!match) return Number.NaN;
  const [, date, time, offset] = match;
  return time === undefined ? Date.parse(`${date}T00:00:00Z`) : Date.parse(`${date}T${time}${offset ?? 'Z'}`);
}

/** Like parseInstantMs, but throws RangeError for an invalid instant. */
export function toDate(value: Instant): Date {
  const ms = parseInstantMs(value);
  if (Number.isNaN(ms)) throw new RangeError(`Not a valid ISO 8601 instant: ${String(value)}`);
  return new Date(ms);
}
