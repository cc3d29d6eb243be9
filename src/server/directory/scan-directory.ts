import type { OnPremisesInput } from '../../shared/domain/on-premises-expiry.js';
import { computePasswordExpiry, type PasswordExpiry, type PasswordExpirySettings } from '../../shared/domain/password-expiry.js';
import type { DirectoryDomain } from '../../shared/domain/tenant-domains.js';
import { createExpiryDayCounter } from './expiry-day-counter.js';
import type { GraphUser } from '../integrations/graph/index.js';
import { loadGroupFilter, type GroupMemberReader } from './group-filter.js';

/** What a scan reads from the directory; GraphClient is one. */
export interface DirectoryReader extends GroupMemberReader {
  listDomains(): Promise<DirectoryDomain[]>;
  streamUsers(): AsyncIterable<GraphUser>;
}

export interface ScanSettings {
  includeGroups: readonly string[];
  excludeGroups: readonly string[];
  /** Fallback validity when a domain sets none. */
  passwordValidityDays: number;
  /** IANA zone of the organization: days until expiry are counted on its calendar. */
  timeZone: string;
  now: Date;
  /**
   * What on-premises AD tells about a synced user (docs/domain.md §Hybrid directories); asked for
   * every synced user the directory returns, selected or not, so matching counts both sides.
   */
  onPremises?: (user: GraphUser) => OnPremisesInput;
}

/** A user the group filters select, with their password expiry (or why there is none). */
export interface ScannedUser {
  id: string;
  displayName: string;
  userPrincipalName: string;
  mail: string | null;
  /** `mail`, else the user principal name: where the user is shown as reachable. */
  email: string;
  accountEnabled: boolean;
  /** Graph's preferredLanguage ('de-DE'); null when unset. */
  preferredLanguage: string | null;
  expiry: PasswordExpiry;
  /** ISO 8601, or null when the expiry has no date. */
  passwordExpiryDate: string | null;
  daysUntilExpiry: number | null;
}

export interface ScanCounts {
  /** Every user the directory returned so far. */
  totalUsers: number;
  /** Of those, left out by the group filters. */
  outsideGroupFilter: number;
}

/**
 * Streams the users the group filters select, one by one, with their expiry computed: the whole
 * directory is never held at once. Domains and group memberships are read while the first page of
 * users loads. `counts` is complete once the iteration has ended.
 */
export class DirectoryScan implements AsyncIterable<ScannedUser> {
  readonly counts: ScanCounts = { totalUsers: 0, outsideGroupFilter: 0 };

  constructor(
    private readonly reader: DirectoryReader,
    private readonly settings: ScanSettings,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<ScannedUser> {
    const { reader, settings } = this;
    const context = Promise.all([reader.listDomains(), loadGroupFilter(reader, settings)]);
    // Awaited below; a user-stream failure that comes first must not leave it unhandled.
    context.catch(() => {});
    const daysUntil = createExpiryDayCounter(settings.now, settings.timeZone);
    for await (const user of reader.streamUsers()) {
      const [domains, filter] = await context;
      this.counts.totalUsers += 1;
      const onPremises = user.onPremisesSyncEnabled === true ? settings.onPremises?.(user) : undefined;
      if (!filter.selects(user.id)) {
        this.counts.outsideGroupFilter += 1;
        continue;
      }
      yield scannedUser(user, domains, { passwordValidityDays: settings.passwordValidityDays, onPremises, nowMs: settings.now.getTime() }, daysUntil);
    }
    await context;
  }
}

export function scanDirectory(reader: DirectoryReader, settings: ScanSettings): DirectoryScan {
  return new DirectoryScan(reader, settings);
}

function scannedUser(
  user: GraphUser,
  domains: readonly DirectoryDomain[],
  settings: PasswordExpirySettings,
  daysUntil: (expiresAt: string) => number,
): ScannedUser {
  const expiry = computePasswordExpiry(user, domains, settings);
  return {
    id: user.id,
    displayName: user.displayName,
    userPrincipalName: user.userPrincipalName,
    mail: user.mail,
    email: user.mail ?? user.userPrincipalName,
    accountEnabled: user.accountEnabled,
    preferredLanguage: user.preferredLanguage,
    expiry,
    passwordExpiryDate: expiry.expires ? expiry.expiresAt : null,
    daysUntilExpiry: expiry.expires ? daysUntil(expiry.expiresAt) : null,
  };
}
