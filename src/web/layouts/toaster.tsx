import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/limits.js';

/**
 * The toasts' store, for code loaded lazily on a public page (the sign-in form): through
 * this module rather than the library's index, whose every part (the toaster's own
 * transitions and scroll lock) would come along (decision 0023).
 */
export { notifications } from '@mantine/notifications';

/** The toasts (SPEC §9: top-right, closing after 5000 ms); main.tsx loads it with the first toast. */
export default function Toaster() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
