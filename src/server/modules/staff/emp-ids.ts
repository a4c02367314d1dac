import { and, inArray, ne, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import type { Database } from '../../db/connect.js';
import { staff } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/**
 * Emp IDs (SPEC §3 Worker "empid"): typed by hand, imported, or generated as EMPnnnnn.
 * Every path that writes one — Add Worker, Add Supervisor, the bulk import and the edit —
 * goes through `claimEmpIds`, which holds one lock for the rest of its transaction, so a
 * check of the register and the write that follows cannot be overtaken by another writer.
 */


/**
 * The one case rule: Emp IDs compare without regard to letter case ('emp00002' is
 * EMP00002), in the register, in a file and against generated ones. They are stored as
 * typed.
 */
export function empIdKey(id: string): string {
  return id.toUpperCase();
}

/** The register's Emp IDs as compared (see empIdKey). */
const storedKey = sql`upper(${staff.empId})`;

/**
 * The app's own format, EMP and a number. Numbers of up to 18 digits fit the sequence
 * (bigint); a longer one lies beyond anything the sequence will ever hand out.
 */
const OWN_FORMAT = /^EMP(\d{1,18})$/;

/** The Emp ID text of a sequence number: EMP00001 … EMP99999, then EMP100000 (never cut). */
function empIdOf(n: string | number | bigint): string {
  return `EMP${String(n).padStart(5, '0')}`;
}

/** Serialises every write of an Emp ID until the caller's transaction ends. */
async function lockEmpIds(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242013)`);
}

/** The keys (empIdKey) of those of `ids` the register already holds, other than on record `exceptStaffId`. */
export async function takenEmpIds(db: Pick<Database, 'select'>, ids: readonly string[], exceptStaffId?: string): Promise<Set<string>> {
  const keys = [...new Set(ids.map(empIdKey))];
  const taken = new Set<string>();
  for (let start = 0; start < keys.length; start += 5000) {
    const chunk = keys.slice(start, start + 5000);
    const rows = await db
      .select({ key: sql<string>`${storedKey}` })
      .from(staff)
      .where(exceptStaffId ? and(inArray(storedKey, chunk), ne(staff.id, exceptStaffId)) : inArray(storedKey, chunk));
    for (const row of rows) taken.add(row.key);
  }
  return taken;
}

/** The highest number among Emp IDs of the app's own format, in any case; 0n when none. */
function highestOwnNumber(ids: Iterable<string>): bigint {
  let highest = 0n;
  for (const id of ids) {
    const match = OWN_FORMAT.exec(empIdKey(id));
    if (match && BigInt(match[1]!) > highest) highest = BigInt(match[1]!);
  }
  return highest;
}

/**
 * Claims Emp IDs inside the caller's transaction: refuses typed ones the register already
 * holds in any case (409), and answers `needed` generated ones. A generated ID comes after
 * every EMPnnnnn taken — in the register or typed in `typed` — however many there are: the
 * sequence is first moved past the highest one, then drawn from. Under the lock no one
 * writes an Emp ID between the check and the caller's insert.
 */
export async function claimEmpIds(tx: Database, typed: readonly string[], needed: number, exceptStaffId?: string): Promise<string[]> {
  await lockEmpIds(tx);
  if (typed.length && (await takenEmpIds(tx, typed, exceptStaffId)).size) throw new HttpError(409, MSG.empIdTaken);
  if (needed === 0) return [];
  const [stored] = await tx
    .select({ highest: sql<string | null>`max(substring(${storedKey} from ${OWN_FORMAT.source})::bigint)::text` })
    .from(staff);
  const highest = [BigInt(stored?.highest ?? 0), highestOwnNumber(typed)].reduce((a, b) => (a > b ? a : b));
  // setval only moves forward here: the sequence may already be past the highest ID
  await tx.execute(sql`
    select setval('staff_emp_no_seq', ${highest.toString()}::bigint)
    from staff_emp_no_seq
    where ${highest.toString()}::bigint >= (case when is_called then last_value + 1 else last_value end)`);
  const drawn = await tx
    .select({ n: sql<string>`nextval('staff_emp_no_seq')::text` })
    .from(sql`generate_series(1, ${needed}::int)`);
  return drawn.map((row) => empIdOf(row.n));
}
