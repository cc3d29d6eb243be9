// Sends one domain's snapshot over the wire contract and returns the server's commit answer.
import { beginSnapshotAnswerSchema, commitSnapshotAnswerSchema, type CommitSnapshotAnswer } from '../../src/shared/api/connector-snapshot.js';
import type { ServerConfig } from './config.js';
import { ConnectorError, EXIT } from './errors.js';
import { DEFAULT_RETRY_POLICY, sendJson } from './http-client.js';
import type { WireRequest } from './snapshot-requests.js';

function answer<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ConnectorError(EXIT.serverRefusedData, `the server's answer to ${what} is not what the contract says: ${JSON.stringify(value)}`);
  return parsed.data;
}

export async function sendSnapshot(server: ServerConfig, requests: WireRequest[], policy = DEFAULT_RETRY_POLICY): Promise<CommitSnapshotAnswer> {
  let committed: CommitSnapshotAnswer | undefined;
  for (const request of requests) {
    const what = request.kind === 'batch' ? `batch ${request.path.split('/').at(-1)}` : `the ${request.kind}`;
    const value = await sendJson(server, request.method, request.path, request.body, what, policy);
    if (request.kind === 'begin') {
      const { maxUsersPerBatch } = answer(beginSnapshotAnswerSchema, value, what);
      const largest = Math.max(0, ...requests.map((each) => (each.kind === 'batch' ? each.body.users.length : 0)));
      if (largest > maxUsersPerBatch) {
        throw new ConnectorError(
          EXIT.serverRefusedData,
          `the server takes at most ${maxUsersPerBatch} users per batch; this connector sends ${largest}: update the connector`,
        );
      }
    }
    if (request.kind === 'commit') committed = answer(commitSnapshotAnswerSchema, value, what);
  }
  return committed!;
}
