import type { FastifyInstance } from 'fastify';
import {
  configurationBody,
  type ConfigurationWire,
  type ConnectionStatus,
  type DemoGraphCredentials,
  testConfigurationBody,
  type TestConfigurationResult,
} from '../../shared/api/configuration.js';
import { allow, tenantIdOf, userIdOf } from '../auth/index.js';
import type { TenantReadCache } from '../db/tenant-read-cache.js';
import { validate } from '../http/validate.js';
import { currentConnectionStatus } from './connection-verification.js';
import { readConfiguration, toConfigurationDto } from './configuration-store.js';
import type { TenantGraphDeps } from './graph-connection.js';
import { saveConfiguration } from './save-configuration.js';
import { testConfiguration } from './test-configuration.js';

export interface ConfigurationRouteDeps extends TenantGraphDeps {
  /** Demo mode: the simulated tenant's credentials the Setup Guide shows; null otherwise. */
  demoGraphCredentials: DemoGraphCredentials | null;
  reads: TenantReadCache;
}

/** About what a kept configuration row holds in memory. */
const CONFIGURATION_ROW_BYTES = 4_096;

export function registerConfigurationRoutes(app: FastifyInstance, deps: ConfigurationRouteDeps): void {
  app.get('/api/configuration', allow('viewer'), async (request): Promise<ConfigurationWire> => {
    const tenantId = tenantIdOf(request);
    // Kept until the organization changes (docs/architecture.md §Reads kept between changes).
    const row = await deps.reads.read(tenantId, 'configuration', async () => ({
      value: await readConfiguration(deps.db, tenantId),
      bytes: CONFIGURATION_ROW_BYTES,
    }));
    return toConfigurationDto(row);
  });

  // PUT (group changes save at once) and POST (the Save button) both save the whole configuration.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/api/configuration',
      ...allow('admin'),
      handler: async (request): Promise<ConfigurationWire> => {
        const tenantId = tenantIdOf(request);
        const input = validate(configurationBody, request.body);
        const saved = await saveConfiguration(deps, tenantId, userIdOf(request), input);
        request.log.info({ tenantId, created: saved.created, changedFields: saved.changes.map((change) => change.field) }, 'configuration saved');
        return toConfigurationDto(saved.configuration);
      },
    });
  }

  app.post(
    '/api/test-configuration',
    allow('admin'),
    async (request): Promise<TestConfigurationResult> =>
      testConfiguration(deps, tenantIdOf(request), userIdOf(request), validate(testConfigurationBody, request.body).kind),
  );

  app.get(
    '/api/connection-status',
    allow('viewer', { changesData: true }),
    async (request): Promise<ConnectionStatus> => currentConnectionStatus(deps, tenantIdOf(request)),
  );

  const demoCredentials = deps.demoGraphCredentials;
  if (demoCredentials) {
    app.get('/api/demo/graph-credentials', allow('signed-in'), async (): Promise<DemoGraphCredentials> => demoCredentials);
  }
}
