import { z } from 'zod';
import { MSG } from '../messages.js';
import { billListQuery, billResponse, createBillBody, updateBillBody } from '../schemas/bills.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { XLSX_TYPE } from './reports.js';
import { errorResponses, GUARDED, idParams, successMsg } from './envelopes.js';

/** Monthly bills (SPEC §7 bill rows): managers and admins only. */

const tags = ['bills'] as const;
const billId = idParams(MSG.billNotFound);
const savedBill = (status: string) => z.object({ success: z.literal(true), msg: z.string().describe(status), bill: billResponse });

export const listBills = defineRoute({
  ...API.listBills,
  tags,
  summary: 'Bills, newest month first (filters: work, status, from, to; sort)',
  query: billListQuery,
  responses: { 200: z.object({ bills: z.array(billResponse) }), ...errorResponses(...GUARDED) },
});

export const createBill = defineRoute({
  ...API.createBill,
  tags,
  summary: 'Add a monthly bill (one per work type and month)',
  description: 'SPEC §8: 201 when the bill was added; 200 with success false when that work type already has a bill for that month.',
  body: createBillBody,
  responses: {
    201: savedBill(MSG.billAdded),
    200: z.object({ success: z.literal(false), msg: z.string().describe('A bill for {month} of {WORK} already exists') }),
    ...errorResponses(...GUARDED),
  },
});

export const updateBill = defineRoute({
  ...API.updateBill,
  tags,
  summary: 'Change a bill (any status change is allowed)',
  description: 'A bill made from the duties (fromDuties) changes its billvalue, penalty, netamount or consumedcoach only with a reason (422 without); the same figures (a status change) need none.',
  params: billId,
  body: updateBillBody,
  responses: { 200: savedBill(MSG.billUpdated), ...errorResponses(...GUARDED, 404, 422) },
});

export const deleteBill = defineRoute({
  ...API.deleteBill,
  tags,
  summary: 'Delete a bill',
  params: billId,
  responses: { 200: successMsg.extend({ msg: z.string().describe(MSG.billDeleted) }), ...errorResponses(401, 403, 404) },
});

export const billsExport = defineRoute({
  ...API.billsExport,
  tags,
  summary: 'The bill list as a spreadsheet (the same filters and sort as the list)',
  query: billListQuery,
  responses: {
    200: { file: [XLSX_TYPE], description: 'Bills_{yyyy-mm-dd}.xlsx: a title row naming the filters, a row per bill (month, work type, status, bill value, penalty, net amount in ₹), a Total row' },
    ...errorResponses(...GUARDED),
  },
});

export const billContracts = [listBills, createBill, updateBill, deleteBill, billsExport];
