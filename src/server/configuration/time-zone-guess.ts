import { eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS } from '../../shared/domain/configuration-defaults.js';
import { configurations } from '../db/schema/index.js';

/**
 * SQL for the organization's time zone as stored (the default before the first save): a statement
 * that counts days from "today" in a zone it was given checks the zone with this, in the same
 * snapshot, instead of reading the zone in a statement of its own first.
 */
export function storedTimeZone(tenantId: SQLWrapper): SQL<string> {
  return sql<string>`coalesce((select ${configurations.timeZone} from ${configurations} where ${eq(configurations.tenantId, tenantId)}), ${CONFIGURATION_DEFAULTS.timeZone})`;
}

// The zone each organization had when this instance last read it. Only a guess: a statement given
// it checks it against storedTimeZone and the caller asks again with the stored zone when they
// differ (after a save changed it, or on another instance), so nothing is ever answered from a
// stale zone and nothing needs telling when the zone changes. The map starts over past its bound.
const lastSeen = new Map<string, string>();
const MAX_ORGANIZATIONS = 10_000;

/** The zone to try first for the organization's "today": the one last seen, else the default. */
export function guessTimeZone(tenantId: string): string {
  return lastSeen.get(tenantId) ?? CONFIGURATION_DEFAULTS.timeZone;
}

/** Remembers the zone a statement found stored, as the next guess. */
export function noteTimeZone(tenantId: string, timeZone: string): void {
  if (lastSeen.get(tenantId) === timeZone) return;
  if (lastSeen.size >= MAX_ORGANIZATIONS) lastSeen.clear();
  lastSeen.set(tenantId, timeZone);
}
