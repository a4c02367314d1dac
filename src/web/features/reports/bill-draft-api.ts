import { API } from '../../../shared/api/addresses.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { addBillPenalty } from '../../../shared/api/bill-draft.js';
import type { WorkType } from '../../../shared/work-types.js';
import { call, callApi, download, type CallInput } from '../../api/call.js';
import { ApiError } from '../../api/errors.js';
import { useAuth } from '../../auth/auth-context.js';
import { newUuid } from '../../offline/new-uuid.js';
import { dashboardKey } from './dashboard-query.js';

/**
 * The bill computed from a month's duties (issue 27), through the address table, typed by
 * src/shared/api/bill-draft.ts: the draft, Create (or Update) bill from duties, the penalties
 * added by hand, the annexure and the wage compliance statement. A change reads again the
 * draft, the bills list (Bill Details and its cards) and the manager's dashboard cards.
 */
export type { BillDraft, Compliance } from '../../../shared/schemas/bill-draft.js';

const billDraftKeys = {
  all: ['bill-draft'] as const,
  draft: (work: WorkType, month: string) => ['bill-draft', work, month] as const,
  compliance: (work: WorkType, month: string) => ['bill-draft', work, month, 'compliance'] as const,
};

/** GET /bills/draft: computed from the month's completed duties on every read. */
export function useBillDraft(work: WorkType, month: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: billDraftKeys.draft(work, month),
    queryFn: ({ signal }) => call(API.billDraft, { query: { work, month }, token, signal }),
    enabled: Boolean(token),
  });
}

/**
 * GET /bills/compliance: the statement when the month's payroll is final; else `notFinal`,
 * the server's 409 (its message says the payroll of that month is not final), which is no
 * failure of the page.
 */
export function useCompliance(work: WorkType, month: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: billDraftKeys.compliance(work, month),
    queryFn: async ({ signal }) => {
      try {
        return { statement: await call(API.billCompliance, { query: { work, month }, token, signal }), notFinal: null };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return { statement: null, notFinal: error };
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/** After a change: the draft, the bills of Bill Details and the dashboard's cards are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billDraftKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['bills'] }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
}

/**
 * POST /bills/from-duties under an Idempotency-Key made for this one intended change (the
 * caller keeps it while the same question is open, so a retry after a lost answer changes
 * nothing twice); 201 created, 200 updated.
 */
export function useBillFromDuties() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ work, month, key }: { work: WorkType; month: string; key: string }) =>
      callApi(API.billFromDuties, { body: { work, month }, headers: { 'idempotency-key': key }, token }),
    onSuccess: refresh,
  });
}

type BillPenaltyBody = CallInput<typeof addBillPenalty>['body'];

export function useAddBillPenalty() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: BillPenaltyBody; key: string }) => call(API.addBillPenalty, { body, headers: { 'idempotency-key': key }, token }),
    onSuccess: refresh,
  });
}

export function useRemoveBillPenalty() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(API.removeBillPenalty, { params: { id }, token }),
    onSuccess: refresh,
  });
}

/** The annexure as .xlsx, saved under the server's file name (Annexure_{WORK}_{MM}_{YYYY}.xlsx). */
export function downloadAnnexure(token: string | null, work: WorkType, month: string): Promise<string> {
  return download(API.billAnnexure, { query: { work, month }, token });
}

/** A key for one intended write (Idempotency-Key). */
export const newWriteKey = newUuid;
