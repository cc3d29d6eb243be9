// The organization's time zone. The form offers fixed "UTC-5"-style choices; those are stored as
// IANA zones so that schedules follow daylight saving time (Eastern is UTC-5 in winter, UTC-4 in
// summer), and any other IANA zone is accepted too.

export interface TimeZoneOption {
  /** IANA zone stored in the configuration. */
  value: string;
  /** What the select shows (docs/product.md §Constants). */
  label: string;
  /** The value older configurations stored. */
  legacy: string;
}

export const TIME_ZONE_OPTIONS = [
  { value: 'America/Los_Angeles', label: 'UTC-8 Pacific', legacy: 'UTC-8' },
  { value: 'America/Denver', label: 'UTC-7 Mountain', legacy: 'UTC-7' },
  { value: 'America/Chicago', label: 'UTC-6 Central', legacy: 'UTC-6' },
  { value: 'America/New_York', label: 'UTC-5 Eastern', legacy: 'UTC-5' },
  { value: 'UTC', label: 'UTC', legacy: 'UTC' },
] as const satisfies readonly TimeZoneOption[];

/** The default 'UTC-5' (Eastern, docs/product.md §Constants). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

// Zone names start with a letter; this also rejects bare offsets such as '+05:00', which newer
// engines accept as time zones but which cannot follow daylight saving time.
const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** True for a zone name Intl knows (case-insensitive, aliases included), e.g. 'Europe/London'. */
export function isValidIanaTimeZone(name: string): boolean {
  return resolvedZoneName(name) !== null;
}

/**
 * The IANA zone to store for `input`: a legacy value or label ('UTC-5', 'UTC-5 Eastern') maps to
 * its zone; a valid zone name comes back with its canonical spelling ('america/new_york' ->
 * 'America/New_York'); anything else is null.
 */
export function normalizeTimeZone(input: string): string | null {
  const trimmed = input.trim();
  const option = TIME_ZONE_OPTIONS.find(
    (candidate) => candidate.legacy.toLowerCase() === trimmed.toLowerCase() || candidate.label.toLowerCase() === trimmed.toLowerCase(),
  );
  if (option) return option.value;
  const resolved = resolvedZoneName(trimmed);
  if (resolved === null) return null;
  // Intl may answer with an older alias ('Asia/Kolkata' -> 'Asia/Calcutta'): keep the caller's
  // name then, and take Intl's spelling only when it names the same zone.
  return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
}

function resolvedZoneName(name: string): string | null {
  if (!ZONE_NAME_PATTERN.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The select label for a stored zone: the form's label for the offered zones, the zone itself otherwise. */
export function timeZoneLabel(timeZone: string): string {
  return TIME_ZONE_OPTIONS.find((option) => option.value === timeZone)?.label ?? timeZone;
}
