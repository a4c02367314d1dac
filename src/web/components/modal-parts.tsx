import type { ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from './opened-after-mount.js';

export type ModalPartsProps = Omit<ModalRootProps, 'title'> & { title?: ReactNode; withCloseButton?: boolean };

/**
 * Mantine's Modal drawn from its parts, so that its header is a plain block: Mantine's own
 * is a <header>, which screen readers and axe take for a second banner beside the site's
 * top bar (issue 15). Its close button is named in the reader's language. Loaded by
 * app-modal.tsx only, when a dialog is first wanted.
 */
export default function ModalParts({ title, children, withCloseButton = true, opened, ...props }: ModalPartsProps) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(opened);
  // Modal.Header passes `component` on to its Box (a <header> by default)
  const plainBlock = { component: 'div' } as object;
  return (
    <Modal.Root {...props} opened={shown}>
      <Modal.Overlay />
      <Modal.Content>
        {(title || withCloseButton) && (
          <Modal.Header {...plainBlock}>
            {title && <Modal.Title>{title}</Modal.Title>}
            {withCloseButton && <Modal.CloseButton aria-label={t('common.close')} />}
          </Modal.Header>
        )}
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
