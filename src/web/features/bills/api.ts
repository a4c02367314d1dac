import { API } from '../../../shared/api/addresses.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createBill, updateBill } from '../../../shared/api/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import type { Bill } from '../../../shared/schemas/bills.js';
import { call, callApi, download, type CallInput } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/** Monthly bills (SPEC §7 bill rows), through the address table (types from src/shared/api/bills.ts). */

/** The bill list's view (issue 28): a bill status, a month range ('YYYY-MM', both ends included) and a sort. */
export interface BillFilters {
  status?: string;
  from?: string;
  to?: string;
  sort?: string;
}

const billKeys = {
  all: ['bills'] as const,
  list: (work: WorkType, filters: BillFilters) => ['bills', work, filters] as const,
};

/** Only the filters that are set: without any, SPEC's request (and answer) exactly. */
function billQuery(work: WorkType, filters: BillFilters) {
  const query: { work: WorkType } & BillFilters = { work };
  for (const key of ['status', 'from', 'to', 'sort'] as const) if (filters[key]) query[key] = filters[key];
  return query;
}

/** The bills of one work type, newest month first unless sorted (the server sorts and filters). */
export function useBills(work: WorkType, filters: BillFilters = {}) {
  const { token } = useAuth();
  return useQuery<Bill[], Error, Bill[], ReturnType<typeof billKeys.list>>({
    queryKey: billKeys.list(work, filters),
    queryFn: ({ signal }) => call(API.listBills, { query: billQuery(work, filters), token, signal }).then((answer) => answer.bills),
    enabled: Boolean(token),
    // a changed filter or sort keeps the rows on screen until the new view comes
    placeholderData: (previous) => previous,
  });
}

/** GET /mcctrain/bills-export: the same view as the list, as .xlsx (issue 28). */
export function exportBills(token: string | null, work: WorkType, filters: BillFilters) {
  return download(API.billsExport, { token, query: billQuery(work, filters) });
}

export type NewBillBody = CallInput<typeof createBill>['body'];

/** POST /mcctrain/createbill; the status tells 201 created from 200 already there (SPEC §8). */
export function useCreateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBillBody) => callApi(API.createBill, { body, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export type BillEditBody = CallInput<typeof updateBill>['body'];

export function useUpdateBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BillEditBody }) => call(API.updateBill, { params: { id }, body, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeleteBill() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.deleteBill, { params: { id }, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
