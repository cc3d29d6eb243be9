// Formats the simulated services share.

/** A GUID as Entra writes object, tenant and application ids (8-4-4-4-12 hex digits, any case). */
export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Milliseconds in a day of UTC arithmetic. */
export const DAY_MS = 86_400_000;
