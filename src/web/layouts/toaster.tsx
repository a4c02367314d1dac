import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../../shared/limits.js';

/** The toasts (SPEC §9: top-right, closing after 5000 ms); main.tsx loads it with the first toast. */
export default function Toaster() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
