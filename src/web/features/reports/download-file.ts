import { API_BASE, ApiError, NetworkError } from '../../api/client.js';

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (which keeps
 * spaces and '&', as in 'Attendance_pit & yard_11_2026.xlsx') before the plain `filename`.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Downloads an export of the API and saves it in the browser. A plain link cannot be used:
 * the session token travels in the Authorization header, never in the address. The file
 * is saved under `fileName` when given, else under the server's name.
 */
export async function downloadExport(path: string, token: string | null, fileName?: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: token } : {}, credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON
    }
    const msg = body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string' ? (body as { msg: string }).msg : '';
    throw new ApiError(response.status, msg, body);
  }
  const blob = await response.blob();
  const name = fileName || fileNameFromDisposition(response.headers.get('content-disposition')) || 'export.xlsx';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
