import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/modules/auth/passwords.js';
import { openDatabase } from '../src/server/db/connect.js';
import { rowsOf } from '../src/server/db/connect.js';

export interface SeedOptions {
  databaseUrl?: string;
  dataDir?: string;
  staff: number;
  duties: number;
  workersPerDuty: number;
  days: number;
  /** the moment "now" for the data: the newest duties are the live ones */
  now: Date;
}

export interface SeedResult {
  seconds: number;
  staff: number;
  duties: number;
  assignments: number;
  /** a month (YYYY-MM) with completed duties, for the completed-list scenario */
  busyMonth: string;
  supervisorEmail: string;
  supervisorPassword: string;
  /** every seeded supervisor (two per work type), for the write scenarios */
  supervisors: { email: string; password: string; work: string }[];
}

/** The work type of seeded supervisor g is SUPERVISOR_WORK[g % 6] (the insert below writes the same list). */
const SUPERVISOR_WORK = ['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard'];
const SUPERVISORS = 12;

/**
 * Loads years of data straight into the database with set-based SQL (generate_series), the
 * way a migration from an old system would: staff spread over the work types (mcc gets
 * 400), duties spread evenly over `days` with six workers each, all completed except the
 * newest ones, a completed day in Asia/Kolkata, and a dozen supervisors.
 */
export async function seedLargeData(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  // one connection, so the session setting below holds for every statement of the load
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, maxConnections: 1 });
  try {
    await database.migrate();
    const db = database.db;
    const password = 'bench-supervisor-1';
    const hash = await hashPassword(password);
    // the app's 60 s statement timeout is for requests: loading a million rows on a busy
    // machine may take longer
    await db.execute(sql`set statement_timeout = 0`);
    const since = new Date(options.now.getTime() - options.days * 86_400_000).toISOString();
    const live = 200;
    const steps: Record<string, number> = {};
    let mark = performance.now();
    const step = (name: string) => {
      steps[name] = Math.round(performance.now() - mark);
      mark = performance.now();
    };

    await db.execute(sql`
      insert into users (name, email, password_hash, role, work)
      select 'Bench Supervisor ' || g, 'bench-supervisor-' || g || '@example.com', ${hash}, 0,
        (array['mcc','acca','bio','laundry','pftr','pit & yard'])[1 + (g % 6)]
      from generate_series(0, ${SUPERVISORS - 1}) g`);
    step('supervisors');

    // mcc: 400 workers; the rest spread over the other five work types
    await db.execute(sql`
      insert into staff (name, phone, aadhar, work, wage, designation)
      select 'Bench Staff ' || g, '98' || lpad((g % 100000000)::text, 8, '0'), lpad((500000000000 + g)::text, 12, '0'),
        case when g <= 400 then 'mcc' else (array['acca','bio','laundry','pftr','pit & yard'])[1 + (g % 5)] end,
        500 + (g % 300), 'Cleaning Staff'
      from generate_series(1, ${options.staff}) g`);
    step('staff');

    await db.execute(sql`
      insert into duties (train_no, status, work, supervisor_id, total_coach, type, reqq, used, supplied_bedsheet, returned,
                          created_at, updated_at, completed_at, completed_day)
      select
        (10000 + (g % 9000))::text,
        case when g > ${options.duties - live} then 'processing' else 'completed' end,
        w.work,
        (select id from users where role = 0 and work = w.work limit 1),
        10 + (g % 14), case when w.work = 'bio' then null else 'Primary' end,
        round(0.6 * (10 + (g % 14)))::int, ${options.workersPerDuty},
        case when w.work = 'acca' then 100 + (g % 50) end,
        case when w.work = 'acca' and g <= ${options.duties - live} then 95 + (g % 60) end,
        t.created, t.created + interval '3 hours',
        case when g <= ${options.duties - live} then t.created + interval '3 hours' end,
        case when g <= ${options.duties - live} then ((t.created + interval '3 hours') at time zone 'Asia/Kolkata')::date end
      from generate_series(1, ${options.duties}) g
      cross join lateral (select ${since}::timestamptz + (g::float / ${options.duties}) * ${options.days} * interval '1 day' as created) t
      cross join lateral (select case when g % 5 = 0 then 'mcc' else (array['acca','bio','laundry','pftr','pit & yard'])[1 + (g % 5)] end as work) w`);
    step('duties');

    // the join key (work, n) is computed on the duty side, so PostgreSQL can hash-join;
    // the secondary index is built once after the load instead of row by row
    // statistics first, or the planner, seeing fresh tables as empty, nests loops over 200,000 duties
    await db.execute(sql`analyze staff`);
    await db.execute(sql`analyze duties`);
    await db.execute(sql`drop index if exists duty_workers_staff_idx`);
    await db.execute(sql`drop index if exists duty_workers_staff_day_idx`);
    await db.execute(sql`
      with s as (select id, work, row_number() over (partition by work order by id) - 1 as n from staff),
           c as (select work, count(*) as c from staff group by work),
           d as (select id, work, completed_day, row_number() over (order by created_at, id) as rn from duties)
      insert into duty_workers (duty_id, staff_id, completed_day)
      select d.id, s.id, d.completed_day
      from d
      join c on c.work = d.work
      cross join generate_series(0, ${options.workersPerDuty - 1}) k
      join s on s.work = d.work and s.n = (d.rn * 7 + k * 53) % c.c`);
    await db.execute(sql`create index duty_workers_staff_idx on duty_workers using btree (staff_id, duty_id)`);
    await db.execute(sql`create index duty_workers_staff_day_idx on duty_workers using btree (staff_id, completed_day) where completed_day is not null`);
    step('assignments');
    // as autovacuum leaves a table in service: statistics and the visibility map (index-only scans)
    await db.execute(sql`vacuum analyze`);
    step('vacuum analyze');
    console.log('seed steps (ms):', steps);

    const counts = rowsOf<{ staff: number; duties: number; assignments: number; month: string }>(
      await db.execute(sql`select (select count(*) from staff)::int as staff, (select count(*) from duties)::int as duties,
        (select count(*) from duty_workers)::int as assignments,
        (select to_char(max(completed_day) - interval '1 month', 'YYYY-MM') from duties) as month`),
    )[0]!;
    return {
      seconds: (performance.now() - started) / 1000,
      staff: Number(counts.staff),
      duties: Number(counts.duties),
      assignments: Number(counts.assignments),
      busyMonth: counts.month,
      supervisorEmail: 'bench-supervisor-0@example.com',
      supervisorPassword: password,
      supervisors: Array.from({ length: SUPERVISORS }, (_, g) => ({ email: `bench-supervisor-${g}@example.com`, password, work: SUPERVISOR_WORK[g % 6]! })),
    };
  } finally {
    await database.close();
  }
}
