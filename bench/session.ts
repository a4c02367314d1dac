import type { LoginResponse } from '../src/shared/schemas/auth.js';

/** Signs in through POST /auth/login; answers the session (token and user). */
export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<LoginResponse> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`bench login of ${account.email} failed: ${response.status}`);
  return (await response.json()) as LoginResponse;
}

/** Signs in; answers the session token (the Authorization header value). */
export async function login(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  return (await signIn(baseUrl, account)).token;
}
