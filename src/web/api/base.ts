/** Everything the web app calls lives under this prefix (SPEC §7). */
export const API_BASE = '/api/v1';
