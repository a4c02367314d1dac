import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorText } from '../api/error-text.js';
import { useMessages } from '../i18n/messages.js';

/** 'Download Excel' (or `label`): saves the server's file; a failure shows the server's {msg}. */
export function DownloadButton({
  download,
  disabled,
  label,
  variant,
}: {
  download: () => Promise<unknown>;
  disabled?: boolean;
  label?: string;
  variant?: ButtonProps['variant'];
}) {
  const m = useMessages();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notifications.show({ color: 'red', title: m('downloadFailed'), message: errorText(error, 'somethingWentWrong') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button onClick={() => void onClick()} loading={busy} disabled={disabled} size="md" variant={variant} leftSection={<DownloadIcon />}>
      {label ?? m('downloadExcel')}
    </Button>
  );
}

function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}
