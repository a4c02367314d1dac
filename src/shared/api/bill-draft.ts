import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  billDraftResponse,
  billMonthQuery,
  billPenaltyBody,
  billPenaltyResponse,
  complianceResponse,
  contractTermsBody,
  contractTermsQuery,
  contractTermsResponse,
} from '../schemas/bill-draft.js';
import { billResponse } from '../schemas/bills.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, GUARDED, idParams, idempotencyKeyHeaders, successMsg } from './envelopes.js';
import { XLSX_TYPE } from './reports.js';

/**
 * The monthly bill computed from the month's completed duties (issue 27), its annexure and
 * the wage compliance statement; the contract terms it is computed on. Managers and admins;
 * supervisors 403; only admins change the terms. Money is rupees as JSON numbers.
 */

const tags = ['bills'] as const;
const PASSED_409 = 'the month\'s bill is Bill Passed';

export const billDraft = defineRoute({
  ...API.billDraft,
  tags,
  summary: 'The bill of a work type and month as computed from its completed duties (by completion day in the company\'s time zone)',
  description:
    'units = the sum of the duties\' coaches (or tanks); billvalue = units × rate (unit month: the fixed value); penalty = Σ max(0, required − assigned) × ' +
    'penaltyPerMissingWorker + the penalties added by hand; netamount = billvalue − penalty. A month without terms, a duty without coaches or tanks, and ' +
    'penalties above the value are named in problems (the figures then count them as 0). bill: the month\'s bill when one exists, and how the draft differs from it.',
  query: billMonthQuery,
  responses: { 200: billDraftResponse, ...errorResponses(...GUARDED) },
});

export const billFromDuties = defineRoute({
  ...API.billFromDuties,
  tags,
  summary: 'Create (201) or update (200) the month\'s bill from its duties',
  description: `Fills billvalue, penalty, netamount, consumedcoach and contractperiod; a new bill starts as Processing and an updated one keeps its status. 409 when ${PASSED_409}; 422 (problems in msg) while the draft names a problem.`,
  headers: idempotencyKeyHeaders,
  body: billMonthQuery,
  responses: {
    201: z.object({ success: z.literal(true), msg: z.string().describe(MSG.billDraft.created), bill: billResponse }),
    200: z.object({ success: z.literal(true), msg: z.string().describe(MSG.billDraft.updated), bill: billResponse }),
    ...errorResponses(...GUARDED, 409, 422),
  },
});

export const billAnnexure = defineRoute({
  ...API.billAnnexure,
  tags,
  summary: 'The duty-wise annexure as a spreadsheet',
  query: billMonthQuery,
  responses: {
    200: {
      file: [XLSX_TYPE],
      description: 'Annexure_{WORK}_{MM}_{YYYY}.xlsx (the work type in capitals): a row per duty (date, train number as text, type, coaches, required, assigned, shortfall, penalty), a totals row, the hand-added penalties and the bill\'s figures',
    },
    ...errorResponses(...GUARDED),
  },
});

export const billCompliance = defineRoute({
  ...API.billCompliance,
  tags,
  summary: 'The wage compliance statement of a work type and month, from its final payroll',
  description: '409 until the month\'s payroll is final.',
  query: billMonthQuery,
  responses: { 200: complianceResponse, ...errorResponses(...GUARDED, 409) },
});

export const listBillPenalties = defineRoute({
  ...API.listBillPenalties,
  tags,
  summary: 'The penalties added by hand to a month\'s bill',
  query: billMonthQuery,
  responses: { 200: z.object({ penalties: z.array(billPenaltyResponse) }), ...errorResponses(...GUARDED) },
});

export const addBillPenalty = defineRoute({
  ...API.addBillPenalty,
  tags,
  summary: 'Add a penalty (an inspection\'s deduction) with a reason',
  description: `422 without a reason; 409 when ${PASSED_409}.`,
  headers: idempotencyKeyHeaders,
  body: billPenaltyBody,
  responses: {
    201: successMsg.extend({ msg: z.string().describe(MSG.billDraft.penaltyAdded), penalty: billPenaltyResponse }),
    ...errorResponses(...GUARDED, 409, 422),
  },
});

export const removeBillPenalty = defineRoute({
  ...API.removeBillPenalty,
  tags,
  summary: 'Remove a penalty added by hand',
  description: `409 when ${PASSED_409}.`,
  params: idParams(MSG.billDraft.penaltyNotFound),
  responses: { 200: successMsg.extend({ msg: z.string().describe(MSG.billDraft.penaltyRemoved) }), ...errorResponses(401, 403, 404, 409) },
});

export const contractTerms = defineRoute({
  ...API.contractTerms,
  tags: ['contract terms'],
  summary: 'Every version of the contract terms, newest first (managers and admins)',
  description: 'The latest version at or before a month applies to that month.',
  query: contractTermsQuery,
  responses: { 200: z.object({ terms: z.array(contractTermsResponse) }), ...errorResponses(...GUARDED) },
});

export const saveContractTerms = defineRoute({
  ...API.saveContractTerms,
  tags: ['contract terms'],
  summary: 'Save a work type\'s terms effective from a month (admins); replaces that month\'s version',
  description: 'Audited. 409 when a bill of that work type is Bill Passed for a month the version would govern.',
  body: contractTermsBody,
  responses: { 200: successMsg.extend({ msg: z.string().describe(MSG.billDraft.termsSaved), terms: contractTermsResponse }), ...errorResponses(...GUARDED, 409) },
});

export const billDraftContracts = [
  billDraft,
  billFromDuties,
  billAnnexure,
  billCompliance,
  listBillPenalties,
  addBillPenalty,
  removeBillPenalty,
  contractTerms,
  saveContractTerms,
];
