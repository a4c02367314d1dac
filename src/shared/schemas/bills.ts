import { z } from 'zod';
import { BILL_STATUSES, type BillStatus } from '../bills.js';
import { CONTRACT_PERIOD_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { moneyText } from '../money.js';
import { toWorkType, type WorkType } from '../work-types.js';
import { looseText, monthProblem } from './input-rules.js';

/** Bill schemas (SPEC §3 Bill, §5 Add bill). Read leniently, then checked in SPEC's order. */


const valueFields = {
  status: looseText('Status'),
  billvalue: looseText('Bill Value'),
  penalty: looseText('Penalty'),
  netamount: looseText('Net Amount'),
  consumedcoach: looseText('Consumed coaches'),
  contractperiod: looseText('Contract Period'),
};

export const createBillBody = z.object({
  work: looseText('Work'),
  month: looseText('Month'),
  ...valueFields,
});
export type CreateBillRequest = z.output<typeof createBillBody>;

export const updateBillBody = z.object(valueFields);
export type UpdateBillRequest = z.output<typeof updateBillBody>;

export interface BillValues {
  status: BillStatus;
  billValue: string;
  penalty: string;
  netAmount: string;
  consumedCoach: number | null;
  contractPeriod: string | null;
}

export type BillCheck<T> = { ok: true; value: T } | { ok: false; message: string };

function checkValues(request: UpdateBillRequest): BillCheck<BillValues> {
  if (!request.status || request.billvalue === '' || request.penalty === '' || request.netamount === '') {
    return { ok: false, message: MSG.fillAllRequired };
  }
  const status = BILL_STATUSES.find((s) => s.toLowerCase() === request.status.toLowerCase());
  if (!status) return { ok: false, message: MSG.billStatusInvalid };
  const billValue = moneyText(request.billvalue);
  const penalty = moneyText(request.penalty);
  const netAmount = moneyText(request.netamount);
  if (billValue === null || penalty === null || netAmount === null) return { ok: false, message: MSG.amountInvalid };
  let consumedCoach: number | null = null;
  if (request.consumedcoach !== '') {
    if (!/^\d{1,7}$/.test(request.consumedcoach)) return { ok: false, message: 'Consumed coaches must be a whole number' };
    consumedCoach = Number(request.consumedcoach);
  }
  // refused, not cut: a cut period would be stored as if it had been typed so
  if (request.contractperiod.length > CONTRACT_PERIOD_MAX) return { ok: false, message: MSG.tooLong('Contract Period', CONTRACT_PERIOD_MAX) };
  return {
    ok: true,
    value: { status, billValue, penalty, netAmount, consumedCoach, contractPeriod: request.contractperiod || null },
  };
}

/** SPEC §5 Add bill: work, month, status, bill value, penalty and net amount are all required. */
export function checkNewBill(request: CreateBillRequest): BillCheck<BillValues & { work: WorkType; month: string }> {
  if (!request.work || !request.month) return { ok: false, message: MSG.fillAllRequired };
  const values = checkValues(request);
  if (!values.ok) return values;
  const work = toWorkType(request.work);
  if (!work) return { ok: false, message: MSG.workInvalid };
  const monthIssue = monthProblem(request.month);
  if (monthIssue) return { ok: false, message: monthIssue };
  return { ok: true, value: { ...values.value, work, month: request.month } };
}

/** The inline edit of the Bill Details table. */
export function checkBillEdit(request: UpdateBillRequest): BillCheck<BillValues> {
  return checkValues(request);
}

export const billResponse = z.object({
  _id: z.string(),
  month: z.string(),
  work: z.string(),
  status: z.string(),
  billvalue: z.number(),
  penalty: z.number(),
  netamount: z.number(),
  consumedcoach: z.number().nullable(),
  contractperiod: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bill = z.infer<typeof billResponse>;
