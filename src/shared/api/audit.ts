import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQueryFields, pagingMessages, wholeNumber } from './paging.js';

const auditStatusSchema = z.enum(['success', 'warning', 'error']);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

/** The area an entry belongs to; free text in the database so modules can add their own. */
export type AuditCategory = 'configuration' | 'connection' | 'directory' | 'automation' | 'notification' | 'email' | 'billing' | 'account' | 'members';

const auditLogEntrySchema = z.object({
  id: z.string(),
  category: z.string(),
  status: auditStatusSchema,
  message: z.string(),
  /** Who did it ('Ada Lovelace', or the email when no name is known); null for the system. */
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** GET /api/audit-logs/:limit (the dashboard asks for /api/audit-logs/5): newest first. */
export const latestAuditLogsParams = z.object({
  limit: wholeNumber(pagingMessages.pageSize, MAX_PAGE_SIZE),
});
export const latestAuditLogsResponse = z.array(auditLogEntrySchema);

/** GET /api/audit-logs?page=&pageSize= : the full history, newest first, one page at a time. */
export const auditLogPageQuery = z.object(pageQueryFields);
export const auditLogPageResponse = z.object({
  entries: z.array(auditLogEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditLogPage = z.infer<typeof auditLogPageResponse>;
