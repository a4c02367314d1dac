/**
 * The hidden registration page (SPEC §2): where the first manager of a new installation
 * registers in the browser, and what the server's and user:create's hints point to.
 */
export const REGISTER_PAGE_PATH = '/registerygigyictgyjutgtyjuctyuccftyutucfyj';
