import {
  TEST_CHECK_KEYS,
  type ConnectionVerdict,
  type TestCheck,
  type TestCheckKey,
  type TestConfigurationResult,
  type TestRunKind,
  type TestStatus,
} from '../../shared/api/configuration.js';
import { TEMPLATE_VARIABLES } from '../../shared/domain/configuration-defaults.js';
import { describeMissingPermissions, missingGraphPermissions, type ConnectionProblem, type GraphPermission } from '../../shared/domain/graph-permissions.js';
import { actorNameOf, recordAudit } from '../audit/index.js';
import { accessTokenClaims, type GraphClient, GraphError } from '../integrations/graph/index.js';
import { connectionProblemOf, recordConnectionOutcome } from './connection-status.js';
import { findConfiguration, type ConfigurationRow } from './configuration-store.js';
import { connectionMessages, graphClientFor, graphConnectionOf, type TenantGraphDeps } from './graph-connection.js';

const CHECK_LABELS: Record<TestCheckKey, string> = {
  tenantConnection: 'tenant connection',
  graphPermissions: 'Graph permissions',
  emailTemplate: 'email template',
  securityGroups: 'security groups',
};

/** How Recent Activity names each run: the button that started it. */
const RUN_NAMES: Record<TestRunKind, string> = {
  configuration: 'Configuration test',
  connection: 'Connection test',
  system: 'Full System Test',
};

const error = (message: string): TestCheck => ({ status: 'error', message });
const skipped = error('Skipped: the tenant connection failed.');
const failedConnection = (problem: ConnectionProblem, message: string): ConnectionVerdict => ({ status: 'error', problem, message, missingPermissions: [] });

/**
 * POST /api/test-configuration: every check is a real call to the tenant. The outcome also sets
 * the connection status (the dashboard badge) and is written to the audit log.
 */
export async function testConfiguration(
  deps: TenantGraphDeps,
  tenantId: string,
  actorUserId: string,
  kind: TestRunKind = 'configuration',
): Promise<TestConfigurationResult> {
  const configuration = await findConfiguration(deps.db, tenantId);
  if (!configuration) {
    return {
      tenantConnection: error(connectionMessages.notConfigured),
      graphPermissions: skipped,
      emailTemplate: error('No email template is saved.'),
      securityGroups: skipped,
      connection: failedConnection('credentials', connectionMessages.notConfigured),
    };
  }
  const result = await runChecks(deps, configuration);
  await recordConnectionOutcome(deps.db, tenantId, result.connection, deps.clock());
  const summary = TEST_CHECK_KEYS.map((key) => `${CHECK_LABELS[key]} ${result[key].status}`);
  await recordAudit(deps.db, tenantId, {
    category: 'configuration',
    status: worstStatus(TEST_CHECK_KEYS.map((key) => result[key])),
    message: `${RUN_NAMES[kind]} by ${await actorNameOf(deps.db, actorUserId)}: ${summary.join(', ')}`,
    actorUserId,
    details: { result },
    createdAt: deps.clock(),
  });
  return result;
}

async function runChecks(deps: TenantGraphDeps, configuration: ConfigurationRow): Promise<TestConfigurationResult> {
  const emailTemplate = checkEmailTemplate(configuration.emailTemplate);
  const graphConnection = graphConnectionOf(deps, configuration);
  if ('problem' in graphConnection) {
    const connection = failedConnection('credentials', graphConnection.problem);
    return { tenantConnection: error(graphConnection.problem), graphPermissions: skipped, emailTemplate, securityGroups: skipped, connection };
  }
  const client = graphClientFor(deps, graphConnection);
  // A fresh token: a cached one would hide a secret that was revoked since.
  const token = await attempt(() => client.acquireToken({ forceRefresh: true }));
  if (!token.ok) {
    const connection = failedConnection(connectionProblemOf(token.error), token.message);
    return { tenantConnection: error(token.message), graphPermissions: skipped, emailTemplate, securityGroups: skipped, connection };
  }
  const claims = accessTokenClaims(token.value);
  const [permissions, securityGroups] = await Promise.all([checkPermissions(client, configuration, claims.roles), checkSecurityGroups(client, configuration)]);
  const tenantConnection = checkTenant(configuration, claims.entraTenantId);
  return {
    tenantConnection,
    graphPermissions: permissions.check,
    emailTemplate,
    securityGroups,
    connection: permissions.findings.verdict(tenantConnection.message),
  };
}

function checkTenant(configuration: ConfigurationRow, tokenTenantId: string | null): TestCheck {
  if (tokenTenantId !== null && tokenTenantId.toLowerCase() !== configuration.azureDirectoryId.toLowerCase()) {
    return {
      status: 'warning',
      message:
        `Signed in, but the token was issued by directory ${tokenTenantId}, not by the Azure Directory ID ` +
        `${configuration.azureDirectoryId}. Check that both IDs name the same tenant.`,
    };
  }
  const how = configuration.connectionMethod === 'passwatch_app' ? 'via the Passwatch app' : `as application ${configuration.applicationId}`;
  return { status: 'success', message: `Signed in to tenant ${configuration.entraTenantId} ${how}.` };
}

/**
 * Reads one item with each permission Passwatch uses, and compares the token's roles claim (when
 * the token has one) with the required permissions: Mail.Send cannot be probed without sending
 * mail, and a probe that works through a broader permission does not show a missing narrower one.
 */
async function checkPermissions(
  client: GraphClient,
  configuration: ConfigurationRow,
  roles: string[] | null,
): Promise<{ check: TestCheck; findings: PermissionFindings }> {
  const findings = new PermissionFindings(roles === null ? [] : missingGraphPermissions(roles));
  const [users, domains, groups] = await Promise.all([
    attempt(() => first(client.streamUsers({ pageSize: 1 }))),
    attempt(() => client.listDomains()),
    attempt(() => first(client.streamSecurityGroups({ pageSize: 1 }))),
  ]);
  findings.note('User.Read.All', users);
  findings.note('Directory.Read.All', domains);
  findings.note('Group.Read.All', groups);

  // Members of a configured group, else of any group of the tenant; a configured group that is
  // gone is the security-groups check's finding, not a permission problem, so the next one is tried.
  const tenantGroupId = groups.ok ? groups.value?.id : undefined;
  const candidates = [...configuration.includeGroups, ...configuration.excludeGroups, ...(tenantGroupId ? [tenantGroupId] : [])];
  let membersVerified = false;
  for (const groupId of candidates) {
    const members = await attempt(() => first(client.transitiveMemberIds(groupId)));
    if (!members.ok && members.error.kind === 'not_found') continue;
    membersVerified = true;
    findings.note('GroupMember.Read.All', members);
    break;
  }
  if (findings.missing.size > 0 || findings.failures.length > 0) return { check: error(findings.describe()), findings };
  const unverified = [
    ...(membersVerified ? [] : ['GroupMember.Read.All (the tenant has no group to read)']),
    ...(roles === null ? ['Mail.Send (send a test email to check it)'] : []),
  ];
  const check: TestCheck =
    unverified.length > 0
      ? { status: 'warning', message: `Users, domains and groups can be read. Not verified: ${unverified.join('; ')}.` }
      : { status: 'success', message: 'Users, domains, groups and group members can be read, and Mail.Send is granted.' };
  return { check, findings };
}

class PermissionFindings {
  readonly missing: Set<GraphPermission>;
  /** Probes that failed for another reason than a permission: an outage, throttling, ... */
  readonly failures: GraphError[] = [];

  constructor(missingFromRoles: readonly GraphPermission[]) {
    this.missing = new Set(missingFromRoles);
  }

  note(permission: GraphPermission, outcome: Outcome<unknown>): void {
    if (outcome.ok) return;
    if (outcome.error.kind === 'permission') this.missing.add(permission);
    else this.failures.push(outcome.error);
  }

  /** In the order the required permissions are listed. */
  private get missingInOrder(): GraphPermission[] {
    return missingGraphPermissions([]).filter((permission) => this.missing.has(permission));
  }

  describe(): string {
    const missing = this.missingInOrder;
    return [...(missing.length > 0 ? [describeMissingPermissions(missing)] : []), ...this.failures.map((failure) => failure.actionableMessage)].join(' ');
  }

  /** What the connection is worth: a failing service first (nothing works), then missing permissions. */
  verdict(connectedMessage: string): ConnectionVerdict {
    const missingPermissions = this.missingInOrder;
    const [failure] = this.failures;
    if (failure) return { status: 'error', problem: connectionProblemOf(failure), message: failure.actionableMessage, missingPermissions };
    if (missingPermissions.length > 0)
      return { status: 'error', problem: 'permission', message: describeMissingPermissions(missingPermissions), missingPermissions };
    return { status: 'connected', problem: null, message: connectedMessage, missingPermissions };
  }
}

/** The configured groups are still security groups of the tenant (a deleted group reads as gone). */
async function checkSecurityGroups(client: GraphClient, configuration: ConfigurationRow): Promise<TestCheck> {
  const configured = [...configuration.includeGroups, ...configuration.excludeGroups];
  if (configured.length === 0) return { status: 'success', message: 'No group filters: every enabled user is checked.' };
  const listed = await attempt(() => client.listSecurityGroups());
  if (!listed.ok) return error(`Could not check the configured groups: ${listed.message}`);
  const byId = new Map(listed.value.map((group) => [group.id.toLowerCase(), group]));
  const gone = (ids: readonly string[]) => ids.filter((id) => !byId.has(id));
  const missingIncludes = gone(configuration.includeGroups);
  if (missingIncludes.length > 0) {
    const many = missingIncludes.length > 1;
    return error(
      `${goneGroups('Include', missingIncludes)} ${many ? 'Their' : 'Its'} members get no reminders until ` +
        `${many ? 'they are' : 'it is'} removed from the filters.`,
    );
  }
  const missingExcludes = gone(configuration.excludeGroups);
  if (missingExcludes.length > 0) {
    return { status: 'warning', message: `${goneGroups('Exclude', missingExcludes)} Remove ${missingExcludes.length > 1 ? 'them' : 'it'} from the filters.` };
  }
  const names = configured.map((id) => byId.get(id)?.displayName).join(', ');
  return { status: 'success', message: `All ${configured.length} configured group${configured.length > 1 ? 's' : ''} exist: ${names}.` };
}

function goneGroups(kind: string, ids: readonly string[]): string {
  return ids.length > 1 ? `${kind} groups ${ids.join(', ')} no longer exist.` : `${kind} group ${ids[0]} no longer exists.`;
}

/** The saved template has text and uses the variables a reminder needs. */
export function checkEmailTemplate(template: string): TestCheck {
  if (template.replace(/<[^>]*>/g, '').trim() === '') return error('The email template is empty.');
  const used = [...new Set(template.match(/\{\{\s*\w+\s*\}\}/g)?.map((variable) => variable.replace(/\s+/g, '')) ?? [])];
  const unknown = used.filter((variable) => !(TEMPLATE_VARIABLES as readonly string[]).includes(variable));
  if (unknown.length > 0) {
    return {
      status: 'warning',
      message:
        `Unknown template variable${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} will be sent as typed. ` +
        `Available: ${TEMPLATE_VARIABLES.join(', ')}.`,
    };
  }
  if (!used.includes('{{daysRemaining}}') && !used.includes('{{expirationDate}}')) {
    return {
      status: 'warning',
      message: 'The template mentions neither {{daysRemaining}} nor {{expirationDate}}: readers will not learn when their password expires.',
    };
  }
  return { status: 'success', message: `The template is set and uses ${used.join(', ')}.` };
}

/** A Graph call's value, or its GraphError; any other error is a bug and propagates. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: GraphError; message: string };

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (failure) {
    if (failure instanceof GraphError) return { ok: false, error: failure, message: failure.actionableMessage };
    throw failure;
  }
}

async function first<T>(items: AsyncIterable<T>): Promise<T | undefined> {
  for await (const item of items) return item;
  return undefined;
}

function worstStatus(checks: readonly TestCheck[]): TestStatus {
  if (checks.some((check) => check.status === 'error')) return 'error';
  if (checks.some((check) => check.status === 'warning')) return 'warning';
  return 'success';
}
