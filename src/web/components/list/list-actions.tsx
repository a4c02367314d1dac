import { Button, Group } from '@mantine/core';
import { DownloadButton } from '../download-button.js';
import { useMessages } from '../../i18n/messages.js';

/**
 * Export and Print for an office list (issue 28). Export downloads the current view (its
 * filters and sort, every page) as .xlsx from the server; Print prints the page, which the
 * print stylesheet (global.css) turns into a clean A4 table: no menu or buttons, the header
 * row on every page, page numbers at the foot.
 */
export function ListActions({ onExport, exportDisabled, printDisabled }: { onExport: () => Promise<unknown>; exportDisabled?: boolean; printDisabled?: boolean }) {
  const m = useMessages();
  return (
    <Group gap="xs" data-no-print>
      <DownloadButton download={onExport} disabled={exportDisabled} label={m('lists.export')} variant="default" />
      <Button variant="default" size="md" onClick={() => window.print()} disabled={printDisabled} leftSection={<PrintIcon />}>
        {m('lists.print')}
      </Button>
    </Group>
  );
}

function PrintIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M7 8V3h10v5M7 17H4v-7h16v7h-3M7 14h10v7H7z" />
    </svg>
  );
}
