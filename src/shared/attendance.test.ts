import { describe, expect, it } from 'vitest';
import {
  attendanceCode,
  attendanceFileName,
  attendanceTitle,
  attendanceValue,
  FUTURE_DAY,
  isFutureDay,
  isPresent,
  wageRegisterTitle,
  wagesFileName,
} from './attendance.js';
import { BILL_STATUSES } from './bills.js';
import { monthLabel, shortDayLabel } from './months.js';
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, CHAT_TEXT_MAX, CONSUMED_COACH_MAX, DASHBOARD_CHART_DAYS } from './limits.js';
import { MSG } from './messages.js';
import { MONEY_MAX, MONEY_PATTERN, moneyPaise, moneyText } from './money.js';
import { monthProblem } from './input-checks.js';
import { isMonth, MONTH_PATTERN } from './time.js';

describe('SPEC §4 attendance codes', () => {
  it('gives A, P, P2, P3 for 0–3 completed duties, P for 4 or more, and - for a day to come', () => {
    expect([0, 1, 2, 3, 4, 9].map((count) => attendanceCode(count, false))).toEqual(['A', 'P', 'P2', 'P3', 'P', 'P']);
    expect(attendanceCode(3, true)).toBe(FUTURE_DAY);
    expect((['A', 'P', 'P2', 'P3', FUTURE_DAY] as const).map(attendanceValue)).toEqual([0, 1, 2, 3, 0]);
    expect((['A', 'P', 'P2', 'P3', FUTURE_DAY] as const).map(isPresent)).toEqual([false, true, true, true, false]);
  });

  it('knows which days of a month are still to come', () => {
    expect(isFutureDay('2026-11', 20, '2026-11-20')).toBe(false);
    expect(isFutureDay('2026-11', 21, '2026-11-20')).toBe(true);
    expect(isFutureDay('2026-12', 1, '2026-11-20')).toBe(true);
    expect(isFutureDay('2026-10', 31, '2026-11-20')).toBe(false);
  });
});

describe('month labels and file names', () => {
  it('names months, days and files as SPEC §2 and §9 write them', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('not a month')).toBe('not a month');
    expect(shortDayLabel('2026-11-05')).toBe('5 Nov');
    expect(attendanceTitle('2026-11')).toBe('Attendance - November 2026');
    expect(wageRegisterTitle('2026-01')).toBe('Wage Register - January 2026');
    expect(attendanceFileName('pit & yard', '2026-11')).toBe('Attendance_pit & yard_11_2026.xlsx');
    expect(wagesFileName('mcc', '2026-02')).toBe('Wages_mcc_2_2026.xlsx');
  });

  it('checks YYYY-MM with one pattern, and the years with monthProblem', () => {
    expect(['2026-11', '2026-13', '2026-1', '0000-01'].map((month) => MONTH_PATTERN.test(month))).toEqual([true, false, false, true]);
    expect(isMonth('0000-01')).toBe(false);
    expect(monthProblem('2026-13')).toBe(MSG.monthInvalid);
    expect(monthProblem(`${CALENDAR_YEAR_MIN - 1}-12`)).toBe(MSG.monthOutOfRange);
    expect(monthProblem(`${CALENDAR_YEAR_MAX}-12`)).toBeNull();
  });
});

describe('money', () => {
  it('reads amounts exactly, as text or number, within numeric(14, 2)', () => {
    expect(moneyText(' 125000.5 ')).toBe('125000.50');
    expect(moneyText(2500)).toBe('2500.00');
    expect(moneyText(MONEY_MAX)).toBe('999999999999.99');
    for (const bad of ['12.345', '-5', '1,000', '1e3', '', null, 1e12, Number.NaN]) expect(moneyText(bad), String(bad)).toBeNull();
    expect(moneyPaise('0.3')).toBe(30);
    expect(moneyPaise('650.50')).toBe(65050);
    expect(MONEY_PATTERN.source).toBe('^\\d{1,12}(\\.\\d{1,2})?$');
  });
});

describe('messages state the limits they name', () => {
  it('builds each number and choice from the rule itself', () => {
    expect(MSG.chatTooLong).toContain(CHAT_TEXT_MAX.toLocaleString('en-US'));
    expect(MSG.monthOutOfRange).toContain(`between ${CALENDAR_YEAR_MIN} and ${CALENDAR_YEAR_MAX}`);
    expect(MSG.consumedCoachInvalid).toContain(CONSUMED_COACH_MAX.toLocaleString('en-US'));
    expect(MSG.dutiesCompletedChart).toContain(`last ${DASHBOARD_CHART_DAYS} days`);
    expect(MSG.noCompletedDutiesYet).toContain(`last ${DASHBOARD_CHART_DAYS} days`);
    expect(MSG.billStatusInvalid).toBe('Status must be Processing, Passed to Division, Accounts or Bill Passed');
    for (const status of BILL_STATUSES) expect(MSG.billStatusInvalid).toContain(status);
  });
});
