import { sql } from 'drizzle-orm';
import { BILL_PASSED, type BillStatus } from '../../../shared/bills.js';
import { DASHBOARD_CHART_DAYS } from '../../../shared/limits.js';
import type { DashboardSummary } from '../../../shared/schemas/reports.js';
import { dayInZone } from '../../../shared/time.js';
import { rowsOf, type Database } from '../../db/connect.js';

/**
 * The manager dashboard's nine figures (SPEC §2) and two charts, in one round of SQL. The
 * completed duties are counted from duty_tallies, which triggers keep with every change of a
 * duty (decision 0042), instead of from two years of duties on every request.
 * "Today" is the current day in APP_TZ: live work created today, work completed today.
 * A bill is passed or pending by SPEC §4's rule (isBillPending), here in SQL.
 */
export async function dashboardSummary(db: Database, now: Date, timeZone: string): Promise<DashboardSummary> {
  const today = dayInZone(now, timeZone);
  const [figures, perDay, byStatus] = await Promise.all([
    db.execute(sql`
      select
        (select count(*) from bills where status = ${BILL_PASSED})::int as passed_bills,
        (select count(*) from bills where status <> ${BILL_PASSED})::int as pending_bills,
        (select coalesce(sum(net_amount), 0)::text from bills) as net_amount,
        (select coalesce(sum(bill_value), 0)::text from bills) as total_bill_amount,
        (select coalesce(sum(penalty), 0)::text from bills) as total_penalties,
        (select count(*) from duties where status = 'processing')::int as total_live,
        (select coalesce(sum(n), 0) from duty_tallies where day = '-infinity')::int as total_completed,
        (select count(*) from duties where status = 'processing'
           and created_at >= (${today}::date::timestamp at time zone ${timeZone})
           and created_at < ((${today}::date + 1)::timestamp at time zone ${timeZone}))::int as today_live,
        (select coalesce(sum(n), 0) from duty_tallies where day = ${today}::date)::int as today_completed`),
    db.execute(sql`
      select day::text as day, work, sum(n)::int as count
      from duty_tallies
      where day > ${today}::date - ${DASHBOARD_CHART_DAYS}::int and day <= ${today}::date
      group by day, work
      having sum(n) > 0
      order by day, work`),
    db.execute(sql`
      select status, count(*)::int as count, coalesce(sum(net_amount), 0)::text as amount
      from bills group by status order by status`),
  ]);
  const f = rowsOf<Record<string, string | number>>(figures)[0]!;
  return {
    passedBills: Number(f.passed_bills),
    pendingBills: Number(f.pending_bills),
    netAmount: Number(f.net_amount),
    totalBillAmount: Number(f.total_bill_amount),
    totalPenalties: Number(f.total_penalties),
    totalLiveWork: Number(f.total_live),
    totalCompletedWork: Number(f.total_completed),
    todayLiveWork: Number(f.today_live),
    todayCompletedWork: Number(f.today_completed),
    today,
    completedPerDay: rowsOf<{ day: string; work: string; count: number }>(perDay).map((row) => ({ ...row, count: Number(row.count) })),
    // bills_status_check keeps the column to BILL_STATUSES
    billsByStatus: rowsOf<{ status: BillStatus; count: number; amount: string }>(byStatus).map((row) => ({
      status: row.status,
      count: Number(row.count),
      amount: Number(row.amount),
    })),
  };
}
