import { useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../shared/messages.js';
import { ApiError } from '../../api/client.js';
import { englishErrorText, errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { useMessages } from '../../i18n/messages.js';
import { downloadTemplate, useUploadWorkbook, type UploadProblems, type UploadSuccess } from './api.js';

/**
 * The server's success message (MSG.bulkUploaded with its counts) in the reader's language:
 * rebuilt from the counts, so it can be translated; another text is shown as it came.
 */
function successText(answer: UploadSuccess, m: ReturnType<typeof useMessages>): string {
  const english = MSG.bulkUploaded(answer.imported, answer.skipped.length);
  return answer.msg === english ? m.of('bulkUploaded', answer.imported, answer.skipped.length) : m(answer.msg);
}

type Outcome = { kind: 'success'; answer: UploadSuccess } | { kind: 'failure'; answer: UploadProblems };

/**
 * Reads the server's refusal: its {msg} and, for invalid rows, the row-by-row report (the
 * server checked the answer against the contract's 400 schema; a proxy's page has no msg).
 */
function failureOf(error: Error): UploadProblems {
  if (error instanceof ApiError) {
    const body = error.body as Partial<UploadProblems> | null;
    if (body && typeof body === 'object' && typeof body.msg === 'string') return body as UploadProblems;
    return { msg: error.message || MSG.somethingWentWrong };
  }
  return { msg: englishErrorText(error, MSG.somethingWentWrong) };
}

/** manager/addworkerss, 'Bulk Upload Workers (Excel)'. */
export default function BulkUploadPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(`${m(MSG.bulkUploadTitle)} · Dutyroll`);
  const { token } = useAuth();
  const upload = useUploadWorkbook();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError(m(MSG.selectExcelFile));
      return;
    }
    setOutcome(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: successText(answer, m) });
        setOutcome({ kind: 'success', answer });
        setFile(null);
      },
      onError: (error) => {
        const answer = failureOf(error);
        notifications.show({ color: 'red', title: m(MSG.uploadFailed), message: m(answer.msg) });
        setOutcome({ kind: 'failure', answer });
      },
    });
  }

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadTemplate(token);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, MSG.somethingWentWrong) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-label={m(MSG.bulkUploadTitle)}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {m(MSG.bulkUploadTitle)}
            </Title>
            <Text size="sm" c="dimmed">
              {m(MSG.bulkColumnsHint)}
            </Text>
            <Group>
              <Button variant="light" onClick={() => void onDownload()} loading={downloading}>
                {m(MSG.downloadTemplate)}
              </Button>
            </Group>
            <FileInput
              label={t('staff.excelFile')}
              placeholder={t('staff.excelTypes')}
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(undefined);
              }}
              error={fileError}
              clearable
              size="md"
              maw={{ sm: 460 }}
            />
            <Button type="submit" size="md" disabled={upload.isPending} style={{ alignSelf: 'flex-start' }} miw={160}>
              {upload.isPending ? m(MSG.uploading) : m(MSG.upload)}
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
  const m = useMessages();
  if (outcome.kind === 'success') {
    const { skipped } = outcome.answer;
    return (
      <Stack gap="sm" aria-live="polite">
        <Alert color="green" variant="light">
          {successText(outcome.answer, m)}
        </Alert>
        {skipped.length ? (
          <ReportTable
            title={m(MSG.bulkSkippedTitle)}
            columns={[t('staff.row'), t('staff.fields.aadhar'), t('staff.reason')]}
            rows={skipped.map((item) => [String(item.row), item.aadhar, m(item.reason)])}
          />
        ) : null}
      </Stack>
    );
  }
  const { msg, errors = [] } = outcome.answer;
  return (
    <Stack gap="sm" aria-live="polite">
      <Alert color="red" variant="light" title={m(MSG.uploadFailed)}>
        {m(msg)}
      </Alert>
      {errors.length ? (
        <ReportTable
          title={m(MSG.bulkProblemsTitle)}
          columns={[t('staff.row'), t('staff.column'), t('staff.reason')]}
          rows={errors.map((item) => [String(item.row), item.column, m(item.reason)])}
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
