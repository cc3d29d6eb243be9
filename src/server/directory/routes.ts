import type { FastifyInstance } from 'fastify';
import { previewGroupUsersBody, type PreviewGroupUsersResult, type SecurityGroup } from '../../shared/api/directory.js';
import { allow, tenantIdOf } from '../auth/index.js';
import { graphClientFor, loadGraphConnection, type TenantGraphDeps, trackConnection } from '../configuration/index.js';
import { validate } from '../http/validate.js';
import { previewOnPremisesInputs } from '../on-premises/index.js';
import { answeringGraphErrors } from './graph-app-error.js';
import { previewDirectory } from './preview-directory.js';

/** Reads from the organization's tenant; each call also refreshes the connection status. */
export function registerDirectoryRoutes(app: FastifyInstance, deps: TenantGraphDeps): void {
  app.get('/api/security-groups', allow('admin', { changesData: true }), async (request): Promise<SecurityGroup[]> => {
    const tenantId = tenantIdOf(request);
    const connection = await loadGraphConnection(deps, tenantId);
    const client = graphClientFor(deps, connection);
    return answeringGraphErrors(() => trackConnection(deps.db, tenantId, deps.clock, () => client.listSecurityGroups(), client));
  });

  app.post('/api/preview-group-users', allow('admin'), async (request): Promise<PreviewGroupUsersResult> => {
    const tenantId = tenantIdOf(request);
    const input = validate(previewGroupUsersBody, request.body);
    const connection = await loadGraphConnection(deps, tenantId);
    const client = graphClientFor(deps, connection);
    const { configuration } = connection;
    const now = deps.clock();
    return answeringGraphErrors(() =>
      trackConnection(
        deps.db,
        tenantId,
        deps.clock,
        async () =>
          previewDirectory(client, {
            includeGroups: input.includeGroups,
            excludeGroups: input.excludeGroups,
            passwordValidityDays: input.passwordValidityDays ?? configuration.passwordValidityDays,
            timeZone: configuration.timeZone,
            now,
            // Synced users dated as the check dates them: the connector's snapshot or the declared policy.
            onPremises: await previewOnPremisesInputs(deps.db, tenantId, now, client),
          }),
        client,
      ),
    );
  });
}
