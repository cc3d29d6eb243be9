// One pass over every configured domain: read, then send (or print, for --dry-run). A domain that
// fails does not stop the others; the pass reports the first failure's exit code.
import type { ConnectorConfig } from './config.js';
import { ConnectorError, EXIT, type ExitCode } from './errors.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './http-client.js';
import { readDomain } from './read-domain.js';
import { sendSnapshot } from './send-snapshot.js';
import { newStamp, snapshotRequests, type WireRequest } from './snapshot-requests.js';

export const CONNECTOR_VERSION = '1.0.0';

export interface RunOptions {
  dryRun: boolean;
  log: (line: string) => void;
  /** Where --dry-run writes the requests: the JSON document a reviewer reads. */
  print: (text: string) => void;
  now: () => Date;
  retry?: RetryPolicy;
}

/** Runs one pass and returns the exit code: 0, or the code of the first domain that failed. */
export async function runOnce(config: ConnectorConfig, options: RunOptions): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT.ok;
  const dryRunRequests: WireRequest[] = [];
  for (const domainConfig of config.domains) {
    const label = `${domainConfig.host}:${domainConfig.port}`;
    try {
      const snapshot = await readDomain(domainConfig);
      options.log(
        `${label}: read ${snapshot.users.length} users of ${snapshot.domain.dnsName} and ${snapshot.passwordSettingsObjects.length} password settings objects`,
      );
      for (const { dn, reason } of snapshot.skipped) options.log(`${label}: left out ${dn}: ${reason}`);
      const requests = snapshotRequests(snapshot, newStamp(CONNECTOR_VERSION, options.now()));
      if (options.dryRun) {
        dryRunRequests.push(...requests);
        continue;
      }
      const result = await sendSnapshot(config.server!, requests, options.retry ?? DEFAULT_RETRY_POLICY);
      options.log(
        `${label}: snapshot ${result.snapshotId} committed: ${result.usersRead} users, ${result.matched} matched, ` +
          `${result.unmatchedAdUsers} AD users and ${result.unmatchedGraphUsers} Entra users unmatched`,
      );
    } catch (error) {
      const failure = error instanceof ConnectorError ? error : new ConnectorError(EXIT.unexpected, (error as Error).stack ?? String(error));
      options.log(`${label}: ${failure.message}`);
      if (exitCode === EXIT.ok) exitCode = failure.exitCode;
      // A refused key fails every domain alike: the remaining ones need not try.
      if (failure.exitCode === EXIT.keyRefused) break;
    }
  }
  if (options.dryRun) options.print(`${JSON.stringify({ requests: dryRunRequests.map(({ method, path, body }) => ({ method, path, body })) }, null, 2)}\n`);
  return exitCode;
}
