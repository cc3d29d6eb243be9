import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  beginSnapshotBodySchema,
  commitSnapshotBodySchema,
  MAX_BATCHES_PER_SNAPSHOT,
  MAX_COMPRESSED_BODY_BYTES,
  MAX_EXPANDED_BODY_BYTES,
  snapshotIdSchema,
} from '../../shared/api/connector-snapshot.js';
import {
  connectorParams,
  createConnectorBody,
  onPremisesSettingsBody,
  type CreateConnectorResponse,
  type OnPremisesConnector,
  type OnPremisesOverview,
} from '../../shared/api/on-premises.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { AppError, badRequest } from '../http/app-error.js';
import type { ConnectorLimits } from '../http/rate-limits.js';
import { validate } from '../http/validate.js';
import { boundedBody } from './bounded-body.js';
import { validateBatch } from './validate-batch.js';
import { authenticateConnector, connectorOf } from './connector-keys.js';
import { createConnector, getOnPremisesOverview, revokeConnector, saveOnPremisesSettings } from './connectors.js';
import { beginSnapshot, commitSnapshot, receiveBatch } from './ingest-snapshot.js';

/** The contract's 400: the message names the field ("users.3.pwdLastSet: must be ..."). */
function validateWire<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`);
}

const snapshotParams = z.strictObject({ snapshotId: snapshotIdSchema });
const batchParams = z.strictObject({
  snapshotId: snapshotIdSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_BATCHES_PER_SNAPSHOT - 1),
});

export function registerOnPremisesRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock; connectorLimits: ConnectorLimits }): void {
  const { db, clock, connectorLimits } = deps;
  app.decorateRequest('connector', null);

  // The connector's wire (src/shared/api/connector-snapshot.ts): a connector key, not a session.
  // Rate limited before the key is looked up and before the body is read (docs/connector.md §Rate limits).
  void app.register(async (connectorApi) => {
    connectorApi.addHook('onRequest', async (request, reply) => {
      await connectorLimits.refuseBlockedClient(request, reply);
      try {
        request.connector = await authenticateConnector(db, request, clock());
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) await connectorLimits.countKeyFailure(request);
        throw error;
      }
      await connectorLimits.countConnectorRequest(request, reply, request.connector.connectorId);
    });
    connectorApi.addHook('preParsing', boundedBody({ sent: MAX_COMPRESSED_BODY_BYTES, expanded: MAX_EXPANDED_BODY_BYTES }));
    const bodyLimit = MAX_EXPANDED_BODY_BYTES;

    connectorApi.post('/api/connector/v1/snapshots', { ...allow('connector'), bodyLimit }, async (request, reply) => {
      const body = validateWire(beginSnapshotBodySchema, request.body);
      const { created, answer } = await beginSnapshot(db, connectorOf(request), body, clock());
      return reply.status(created ? 201 : 200).send(answer);
    });

    connectorApi.put('/api/connector/v1/snapshots/:snapshotId/batches/:index', { ...allow('connector'), bodyLimit }, async (request) => {
      const params = validateWire(batchParams, request.params);
      const body = await validateBatch(request.body);
      return receiveBatch(db, connectorOf(request), params.snapshotId.toLowerCase(), params.index, body);
    });

    connectorApi.post('/api/connector/v1/snapshots/:snapshotId/commit', { ...allow('connector'), bodyLimit }, async (request) => {
      const params = validateWire(snapshotParams, request.params);
      validateWire(commitSnapshotBodySchema, request.body);
      return commitSnapshot(db, connectorOf(request), params.snapshotId.toLowerCase(), clock());
    });
  });

  app.get('/api/on-premises', allow('viewer'), async (request): Promise<OnPremisesOverview> => getOnPremisesOverview(db, tenantIdOf(request), clock()));

  app.post('/api/on-premises/connectors', allow('owner'), async (request, reply): Promise<CreateConnectorResponse> => {
    const body = validate(createConnectorBody, request.body);
    const created = await createConnector(db, tenantIdOf(request), userIdOf(request), body.name, clock());
    return reply.status(201).send(created);
  });

  app.post('/api/on-premises/connectors/:connectorId/revoke', allow('owner'), async (request): Promise<OnPremisesConnector> => {
    const { connectorId } = validate(connectorParams, request.params);
    return revokeConnector(db, tenantIdOf(request), userIdOf(request), connectorId.toLowerCase(), clock());
  });

  app.put('/api/on-premises/settings', allow('owner'), async (request): Promise<OnPremisesOverview> => {
    const body = validate(onPremisesSettingsBody, request.body);
    return saveOnPremisesSettings(db, tenantIdOf(request), userIdOf(request), body, clock());
  });
}
