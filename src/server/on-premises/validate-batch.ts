// A batch of up to 5,000 users validated against the contract a slice at a time, with the event
// loop free in between: 5,000 at once held it for a few hundred milliseconds.
import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import { connectorMessages, MAX_USERS_PER_BATCH, type SnapshotBatchBody, snapshotBatchBodySchema } from '../../shared/api/connector-snapshot.js';
import { badRequest } from '../http/app-error.js';

/** Users validated per turn of the event loop. */
const USERS_PER_TURN = 250;
const batchEnvelope = z.strictObject({ users: z.array(z.unknown()).max(MAX_USERS_PER_BATCH) });

/** snapshotBatchBodySchema, applied a slice at a time with the event loop free in between. */
export async function validateBatch(body: unknown): Promise<SnapshotBatchBody> {
  const envelope = batchEnvelope.safeParse(body ?? {});
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    throw badRequest(`${issue && issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { users } = envelope.data;
  const valid: SnapshotBatchBody['users'] = [];
  for (let start = 0; start < users.length; start += USERS_PER_TURN) {
    if (start > 0) await setImmediate();
    const slice = snapshotBatchBodySchema.safeParse({ users: users.slice(start, start + USERS_PER_TURN) });
    if (!slice.success) {
      const issue = slice.error.issues[0];
      // ['users', index in the slice, field...] -> the index in the batch.
      const [, index, ...rest] = issue?.path ?? [];
      throw badRequest(`${['users', start + Number(index ?? 0), ...rest].join('.')}: ${issue?.message ?? 'invalid'}`);
    }
    valid.push(...slice.data.users);
  }
  // Each slice refused its own repeats; this finds those across slices.
  const seen = new Set<string>();
  for (const [index, user] of valid.entries()) {
    const sid = user.objectSid.toUpperCase();
    if (seen.has(sid)) throw badRequest(`users.${index}.objectSid: ${connectorMessages.duplicateSid}`);
    seen.add(sid);
  }
  return { users: valid };
}
