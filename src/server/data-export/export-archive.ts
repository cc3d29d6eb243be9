import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { csvCell } from '../http/csv.js';
import type { Database } from '../db/client.js';
import { auditLogs, emailSends, passwordExpirations } from '../db/schema/index.js';

/** Rows read per query while the archive streams: the export never holds a whole table in memory. */
const EXPORT_PAGE_ROWS = 1_000;

type Cell = string | number | boolean | Date | null | undefined;

/** One CSV file of the archive: its columns, and how to read the organization's rows page by page. */
interface CsvTable<Row> {
  file: string;
  columns: readonly (readonly [header: string, value: (row: Row) => Cell])[];
  page(db: Database, tenantId: string, after: Row | null, limit: number): Promise<Row[]>;
}

/** The page after `after` in the order of `key` (a unique, indexed column). */
function keysetPage<T extends PgTable, K extends PgColumn>(table: T, tenantColumn: PgColumn, key: K, keyOf: (row: T['$inferSelect']) => unknown) {
  return async (db: Database, tenantId: string, after: T['$inferSelect'] | null, limit: number): Promise<T['$inferSelect'][]> => {
    const where: SQL | undefined = and(eq(tenantColumn, tenantId), after === null ? undefined : gt(key, keyOf(after)));
    return (await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(asc(key))
      .limit(limit)) as T['$inferSelect'][];
  };
}

type UserRow = typeof passwordExpirations.$inferSelect;
type LedgerRow = typeof emailSends.$inferSelect;
type AuditRow = typeof auditLogs.$inferSelect;

const usersTable: CsvTable<UserRow> = {
  file: 'users.csv',
  columns: [
    ['Display name', (row) => row.userDisplayName],
    ['Email', (row) => row.userEmail],
    ['User principal name', (row) => row.userPrincipalName],
    ['Graph user id', (row) => row.graphUserId],
    ['Password expires at', (row) => row.passwordExpiresAt],
    ['Expiry date', (row) => row.expiryDate],
    ['Expiry reason', (row) => row.expiryReason],
    ['Password validity (days)', (row) => row.validityDays],
    ['Last notified at', (row) => row.lastNotifiedAt],
    ['Checked at', (row) => row.checkedAt],
  ],
  page: keysetPage(passwordExpirations, passwordExpirations.tenantId, passwordExpirations.id, (row) => row.id),
};

const ledgerTable: CsvTable<LedgerRow> = {
  file: 'send-ledger.csv',
  columns: [
    ['Created at', (row) => row.createdAt],
    ['Kind', (row) => row.kind],
    ['State', (row) => row.state],
    ['Recipient', (row) => row.recipient],
    ['Display name', (row) => row.displayName],
    ['Graph user id', (row) => row.graphUserId],
    ['Password expiry date', (row) => row.expiryDate],
    ['Threshold (days)', (row) => row.threshold],
    ['Sender mailbox', (row) => row.senderMailbox],
    ['Subject', (row) => row.subject],
    ['Attempts', (row) => row.attempts],
    ['Sent at', (row) => row.sentAt],
    ['Delivered to', (row) => row.deliveredTo?.join(' ')],
    ['Error kind', (row) => row.errorKind],
    ['Error code', (row) => row.errorCode],
    ['Error', (row) => row.lastError],
    ['Check (run id)', (row) => row.runId],
  ],
  page: keysetPage(emailSends, emailSends.tenantId, emailSends.id, (row) => row.id),
};

const auditTable: CsvTable<AuditRow> = {
  file: 'audit-log.csv',
  columns: [
    ['Created at', (row) => row.createdAt],
    ['Category', (row) => row.category],
    ['Status', (row) => row.status],
    ['Message', (row) => row.message],
    ['Actor user id', (row) => row.actorUserId],
    ['Details (JSON)', (row) => (row.details === null ? null : JSON.stringify(row.details))],
  ],
  // In the order the entries were written.
  page: keysetPage(auditLogs, auditLogs.tenantId, auditLogs.sequence, (row) => row.sequence),
};

function csvLine(cells: readonly Cell[]): string {
  return `${cells.map((cell) => csvCell(cell instanceof Date ? cell.toISOString() : cell)).join(',')}\r\n`;
}

/**
 * The organization's data as a zip (docs/operations.md §Customer data export): configuration.json
 * (the settings as the API shows them: never the client secret), and users.csv, send-ledger.csv
 * and audit-log.csv, each read page by page and compressed as it streams, so a large organization
 * costs memory for one page at a time. Writes wait while the client is slower than the database.
 */
export function exportArchive(db: Database, tenantId: string, configuration: unknown, pageRows = EXPORT_PAGE_ROWS): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  // A client that goes away destroys the stream: no 'drain' ever comes, so closing ends the wait too, and the reading stops.
  const drained = () =>
    out.writableNeedDrain && !out.destroyed
      ? new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        })
      : Promise.resolve();

  async function addCsv<Row>(table: CsvTable<Row>): Promise<void> {
    const file = new ZipDeflate(table.file, { level: 6 });
    zip.add(file);
    // A byte-order mark so spreadsheets read UTF-8 names correctly.
    file.push(strToU8(`\uFEFF${csvLine(table.columns.map(([header]) => header))}`));
    let after: Row | null = null;
    for (;;) {
      if (out.destroyed) return;
      const rows = await table.page(db, tenantId, after, pageRows);
      if (rows.length > 0) file.push(strToU8(rows.map((row) => csvLine(table.columns.map(([, value]) => value(row)))).join('')));
      await drained();
      if (rows.length < pageRows) break;
      after = rows[rows.length - 1] ?? null;
    }
    file.push(new Uint8Array(0), true);
  }

  void (async () => {
    const settings = new ZipDeflate('configuration.json', { level: 6 });
    zip.add(settings);
    settings.push(strToU8(`${JSON.stringify(configuration, null, 2)}\n`), true);
    await addCsv(usersTable);
    await addCsv(ledgerTable);
    await addCsv(auditTable);
    if (!out.destroyed) zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
