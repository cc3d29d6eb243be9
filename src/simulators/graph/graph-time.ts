// Time as Graph writes it.

/** DateTimeOffset as Graph returns it for directory objects: whole seconds, 'Z' ('2024-05-01T10:20:30Z'). */
export function graphDateTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
}

/** The `innerError.date` of Graph errors: UTC without zone designator ('2024-05-01T10:20:30'). */
export function innerErrorDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The `timestamp` of Entra token errors ('2024-05-01 10:20:30Z'). */
export function tokenErrorTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)}Z`;
}

/** Epoch ms truncated to whole seconds, as directory timestamps are stored. */
export function wholeSeconds(epochMs: number): number {
  return Math.floor(epochMs / 1000) * 1000;
}
