// The Configuration tab's "On-premises Active Directory" section: enrolled connectors, what their
// snapshots held, and the organization's on-premises settings (docs/product.md §On-premises Active Directory).
import { nameText, text } from './text-fields.js';
import { z } from 'zod';
import { guid } from './guid.js';

export const onPremisesMessages = {
  name: 'The connector name must be 1 to 100 characters',
  staleAfterHours: 'Stale after must be a whole number of hours from 1 to 720',
  maxPasswordAgeDays: 'A maximum password age must be a whole number of days from 1 to 3650',
  groupId: 'Choose a group from the list',
  groupName: 'A group name must be 1 to 256 characters',
  groupAges: 'At most 20 group ages',
  connectorNotFound: 'Connector not found',
} as const;

const reportedDomainSchema = z.object({
  dnsName: z.string(),
  /** ISO 8601: when the connector read the domain. */
  snapshotTakenAt: z.string(),
  /** ISO 8601: when the snapshot arrived. */
  committedAt: z.string(),
  usersRead: z.number(),
  /** AD records matched to a synced Graph user by the latest check or commit. */
  matched: z.number(),
  unmatchedAdUsers: z.number(),
  /** Older than the stale threshold: its users are "managed on-premises" again. */
  stale: z.boolean(),
});

const connectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's last 4 characters. */
  keyHint: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  domains: z.array(reportedDomainSchema),
});
export type OnPremisesConnector = z.infer<typeof connectorSchema>;

const days = z
  .number({ error: onPremisesMessages.maxPasswordAgeDays })
  .int(onPremisesMessages.maxPasswordAgeDays)
  .min(1, onPremisesMessages.maxPasswordAgeDays)
  .max(3650, onPremisesMessages.maxPasswordAgeDays);
const groupRef = {
  groupId: guid(onPremisesMessages.groupId),
  groupName: text(onPremisesMessages.groupName).trim().min(1, onPremisesMessages.groupName).max(256, onPremisesMessages.groupName),
};

/** Group ages a declared policy may hold. */
export const MAX_DECLARED_GROUP_AGES = 20;

/** A declared policy for synced users no connector reports: dates are estimated from Graph's change time. */
const declaredPolicySchema = z.object({
  maxPasswordAgeDays: days,
  groupAges: z
    .array(z.object({ ...groupRef, maxPasswordAgeDays: days }))
    .max(MAX_DECLARED_GROUP_AGES, onPremisesMessages.groupAges)
    .default([]),
  neverExpiresGroup: z.object(groupRef).nullable().default(null),
});

/** PUT /api/on-premises/settings */
export const onPremisesSettingsBody = z.object({
  staleAfterHours: z
    .number({ error: onPremisesMessages.staleAfterHours })
    .int(onPremisesMessages.staleAfterHours)
    .min(1, onPremisesMessages.staleAfterHours)
    .max(720, onPremisesMessages.staleAfterHours),
  declaredPolicy: declaredPolicySchema.nullable(),
});
export type OnPremisesSettingsBody = z.infer<typeof onPremisesSettingsBody>;

/** GET /api/on-premises */
export const onPremisesOverviewResponse = z.object({
  connectors: z.array(connectorSchema),
  /** Synced Graph users no AD record matched at the latest count; null before any snapshot. */
  unmatchedGraphUsers: z.number().nullable(),
  staleAfterHours: z.number(),
  declaredPolicy: declaredPolicySchema.nullable(),
});
export type OnPremisesOverview = z.infer<typeof onPremisesOverviewResponse>;

/** POST /api/on-premises/connectors */
export const createConnectorBody = z.object({
  name: nameText('Connector name', onPremisesMessages.name).trim().min(1, onPremisesMessages.name).max(100, onPremisesMessages.name),
});

/** The new connector with its key: shown this once, never again. */
export const createConnectorResponse = z.object({ connector: connectorSchema, key: z.string() });
export type CreateConnectorResponse = z.infer<typeof createConnectorResponse>;

/** POST /api/on-premises/connectors/:connectorId/revoke */
export const connectorParams = z.object({ connectorId: guid(onPremisesMessages.connectorNotFound) });
export const revokeConnectorResponse = connectorSchema;
