import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from './error-boundary.js';
import type { ModalPartsProps } from './modal-parts.js';

// a dialog's code (Mantine's Modal: focus trap, overlay, scroll lock) is no part of a first
// screen (decision 0029): it loads once a screen with a dialog is drawn, and is drawn when asked
const loadModal = () => import('./modal-parts.js');
const ModalParts = lazy(loadModal);

/**
 * A dialog (Mantine's Modal, with a plain header and a named close button: modal-parts.tsx).
 * Its code starts loading when the screen that holds it is drawn, so it is in before the
 * first tap that opens it; once opened, it stays mounted, so closing keeps its transition
 * and gives focus back.
 */
export function AppModal(props: ModalPartsProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  useEffect(() => void loadModal().catch(() => {}), []);
  if (!wanted) return null;
  // its code not loading (offline before the service worker was installed) leaves the
  // screen as it is, its form kept, instead of the route's error screen
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ModalParts {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
