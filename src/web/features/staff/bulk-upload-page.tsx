import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { downloadTemplate, useUploadWorkbook, type UploadProblems, type UploadSuccess } from './api.js';

type Outcome = { kind: 'success'; answer: UploadSuccess } | { kind: 'failure'; error: unknown };

/**
 * The row-by-row report of a refused file (the server checked its answer against the
 * contract's 400 schema; a proxy's page has none).
 */
function rowProblems(error: unknown): NonNullable<UploadProblems['errors']> {
  const body = error instanceof ApiError ? (error.body as Partial<UploadProblems> | null) : null;
  return body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
}

/** A row's reason in the reader's language, by the code (and values) the server sent beside it. */
function reasonText(item: { reason: string; code?: string; params?: unknown }): string {
  return translateAnswer({ msg: item.reason, code: item.code, params: item.params });
}

/** manager/addworkerss, 'Bulk Upload Workers (Excel)'. */
export default function BulkUploadPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(`${m('bulkUploadTitle')} · Dutyroll`);
  const { token } = useAuth();
  const upload = useUploadWorkbook();
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileMissing(true);
      return;
    }
    setOutcome(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: translateAnswer(answer) });
        setOutcome({ kind: 'success', answer });
        setFile(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: m('uploadFailed'), message: errorText(error, 'somethingWentWrong') });
        setOutcome({ kind: 'failure', error });
      },
    });
  }

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadTemplate(token);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, 'somethingWentWrong') });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-label={m('bulkUploadTitle')}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {m('bulkUploadTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {m('bulkColumnsHint')}
            </Text>
            <Text size="sm" c="dimmed">
              {m('bulkPayrollColumnsHint')}
            </Text>
            <Group>
              <Button variant="light" onClick={() => void onDownload()} loading={downloading}>
                {m('downloadTemplate')}
              </Button>
            </Group>
            <FileInput
              label={t('staff.excelFile')}
              placeholder={t('staff.excelTypes')}
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileMissing(false);
              }}
              error={fileMissing ? m('selectExcelFile') : undefined}
              clearable
              size="md"
              maw={{ sm: 460 }}
            />
            <Button type="submit" size="md" disabled={upload.isPending} style={{ alignSelf: 'flex-start' }} miw={160}>
              {upload.isPending ? m('uploading') : m('upload')}
            </Button>
          </Stack>
        </form>
      </Paper>
      {outcome ? <UploadReport outcome={outcome} /> : null}
    </Stack>
  );
}

function UploadReport({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const m = useMessages(); // re-renders on a language change: the texts below are put in words here
  if (outcome.kind === 'success') {
    const { skipped } = outcome.answer;
    return (
      <Stack gap="sm" aria-live="polite">
        <Alert color="green" variant="light">
          {translateAnswer(outcome.answer)}
        </Alert>
        {skipped.length ? (
          <ReportTable
            title={m('bulkSkippedTitle')}
            columns={[t('staff.row'), t('staff.fields.aadhar'), t('staff.reason')]}
            rows={skipped.map((item) => [String(item.row), item.aadhar, reasonText(item)])}
          />
        ) : null}
      </Stack>
    );
  }
  const errors = rowProblems(outcome.error);
  return (
    <Stack gap="sm" aria-live="polite">
      <Alert color="red" variant="light" title={m('uploadFailed')}>
        {errorText(outcome.error, 'somethingWentWrong')}
      </Alert>
      {errors.length ? (
        <ReportTable
          title={m('bulkProblemsTitle')}
          columns={[t('staff.row'), t('staff.column'), t('staff.reason')]}
          rows={errors.map((item) => [String(item.row), item.column, reasonText(item)])}
        />
      ) : null}
    </Stack>
  );
}

function ReportTable({ title, columns, rows }: { title: string; columns: string[]; rows: string[][] }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <ScrollArea.Autosize mah={480} type="auto">
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing="xs" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((cells, index) => (
                <Table.Tr key={index}>
                  {cells.map((cell, column) => (
                    <Table.Td key={column}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollArea.Autosize>
    </Paper>
  );
}
