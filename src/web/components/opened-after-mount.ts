import { useEffect, useState } from 'react';

/**
 * `opened`, but false for the first render: a dialog whose code loads when it is first
 * wanted mounts already asked to open, and Mantine's Modal and Drawer only notice an
 * opening after their mount — the enter transition, and the element to give focus back to
 * on closing (use-focus-return) — so it mounts closed and opens on the next render.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && opened;
}
