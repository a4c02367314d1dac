import type { Database } from '../../db/connect.js';
import { auditLog } from '../../db/schema.js';

/** Who made a change: the signed-in account, or null for the command line and imports. */
export interface Actor {
  id: string;
  name: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** A transaction or the database itself: audit rows are written beside the change. */
type Writer = Pick<Database, 'insert'>;

/** The audit rows of these entries, as inserted. */
function auditRows(actor: Actor | null, entries: AuditEntry[]) {
  return entries.map((entry) => ({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}

/** Records changes in the audit trail; call it inside the transaction that makes them. */
export async function recordAudit(db: Writer, actor: Actor | null, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // multi-row inserts, in chunks well below PostgreSQL's 65,535 parameters
  for (let start = 0; start < entries.length; start += 1000) {
    await db.insert(auditLog).values(auditRows(actor, entries.slice(start, start + 1000)));
  }
}

/**
 * The insert of a few audit rows as a statement of its own, for a write that sends its
 * inserts together (one round trip, a data-modifying WITH): at most 1,000 entries.
 */
export function auditInsert(db: Writer, actor: Actor | null, entries: AuditEntry[]) {
  if (entries.length === 0 || entries.length > 1000) throw new Error(`auditInsert takes 1 to 1,000 entries, not ${entries.length}`);
  return db.insert(auditLog).values(auditRows(actor, entries));
}
