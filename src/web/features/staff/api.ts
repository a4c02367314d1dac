import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { errorResponse, msgResponse, type RegisterBody } from '../../../shared/schemas/auth.js';
import { ifscResponse, workerResponse, type Worker } from '../../../shared/schemas/staff.js';
import type { WorkType } from '../../../shared/work-types.js';
import { API_BASE, ApiError, NetworkError, api, apiRequest } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';

/** The staff register calls (SPEC §7 /worker rows and /auth/register), typed from the shared schemas. */

export const staffKeys = {
  all: ['staff'] as const,
  list: (filters: WorkerListFilters) => ['staff', 'list', filters] as const,
  one: (id: string) => ['staff', 'one', id] as const,
};

/** The form fields as the create and update routes take them (all text; the server reads them leniently). */
export interface WorkerPayload {
  name: string;
  phone: string;
  aadhar: string;
  empid: string;
  designation: string;
  category: string;
  work: string;
  wage: string;
  bank: string;
  branch: string;
  ifsccode: string;
  acnumber: string;
  uanno: string;
  esino: string;
  status: string;
}

export interface WorkerListFilters {
  work: WorkType;
  q: string;
  limit: number;
  offset: number;
}

export interface WorkerPage {
  workers: Worker[];
  total: number;
}

/**
 * The upload (multipart) and the template (a file) are not JSON calls, so they use fetch
 * directly, with the client's error classes.
 */
async function rawFetch(path: string, init: RequestInit & { token: string | null }): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', init.token);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      // not JSON: keep the text
    }
    const parsed = errorResponse.safeParse(body);
    throw new ApiError(response.status, parsed.success ? parsed.data.msg : '', body);
  }
  return response;
}

export async function fetchWorkers(filters: WorkerListFilters, token: string | null, signal?: AbortSignal): Promise<WorkerPage> {
  const params = new URLSearchParams({ work: filters.work, limit: String(filters.limit), offset: String(filters.offset) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  const { data: workers, headers } = await apiRequest('GET', `/worker/get-workers?${params.toString()}`, { token, signal, schema: z.array(workerResponse) });
  const header = Number(headers.get('x-total-count'));
  return { workers, total: Number.isFinite(header) && header >= 0 ? header : workers.length };
}

export function useWorkers(filters: WorkerListFilters) {
  const { token } = useAuth();
  return useQuery({
    queryKey: staffKeys.list(filters),
    queryFn: ({ signal }) => fetchWorkers(filters, token, signal),
    enabled: Boolean(token),
    // keeps the rows on screen while the next page or search answers
    placeholderData: keepPreviousData,
  });
}

export async function fetchWorker(id: string, token: string | null, signal?: AbortSignal): Promise<Worker> {
  const list = await api.get(`/worker/getoneworker/${encodeURIComponent(id)}`, { token, signal, schema: z.array(workerResponse) });
  const worker = list[0];
  if (!worker) throw new ApiError(404, '', list);
  return worker;
}

export function useWorker(id: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: staffKeys.one(id),
    queryFn: ({ signal }) => fetchWorker(id, token, signal),
    enabled: Boolean(token && id),
    retry: false,
  });
}

const createAnswer = z.object({ success: z.boolean(), msg: z.string() });

/** 201 added, 200 already registered (SPEC §8): the caller needs the status. */
export function createWorker(body: WorkerPayload, token: string | null) {
  return apiRequest('POST', '/worker/create-worker', { body, token, schema: createAnswer });
}

/** POST /auth/register with the full supervisor payload; 201 registered, 200 already registered. */
export function registerStaffAccount(body: RegisterBody, token: string | null) {
  return apiRequest('POST', '/auth/register', { body, token, schema: msgResponse });
}

/** Both add forms change the register: the lists must be read again. */
export function useStaffCreated() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}

export function useUpdateWorker(id: string) {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkerPayload) =>
      api.put(`/worker/update-worker/${encodeURIComponent(id)}`, body, { token, schema: z.object({ msg: z.string(), worker: workerResponse }) }),
    onSuccess: async (answer) => {
      client.setQueryData(staffKeys.one(id), answer.worker);
      await client.invalidateQueries({ queryKey: ['staff', 'list'] });
    },
  });
}

export function lookupIfsc(code: string, token: string | null, signal?: AbortSignal) {
  return api.get(`/worker/get-ifsc/${encodeURIComponent(code)}`, { token, signal, schema: ifscResponse });
}

export const uploadSuccess = z.object({
  msg: z.string(),
  imported: z.number(),
  skipped: z.array(z.object({ row: z.number(), aadhar: z.string(), reason: z.string() })),
});
export type UploadSuccess = z.infer<typeof uploadSuccess>;

export const uploadProblems = z.object({
  msg: z.string(),
  errors: z.array(z.object({ row: z.number(), column: z.string(), reason: z.string() })).optional(),
});
export type UploadProblems = z.infer<typeof uploadProblems>;

/** POST /worker/uploadbulkdata: multipart with one file field. */
export async function uploadWorkbook(file: File, token: string | null): Promise<UploadSuccess> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await rawFetch('/worker/uploadbulkdata', { method: 'POST', body: form, token, headers: { accept: 'application/json' } });
  return uploadSuccess.parse(await response.json());
}

export function useUploadWorkbook() {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWorkbook(file, token),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export const TEMPLATE_FILE_NAME = 'Workers_upload_template.xlsx';

/** The template needs the Authorization header, so a plain link cannot fetch it: fetch, then save the blob. */
export async function downloadTemplate(token: string | null): Promise<void> {
  const response = await rawFetch('/worker/upload-template', { token });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the object URL may go a moment later
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
