import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SKILLS, type PayrollSettings } from '../../../shared/payroll.js';
import { errorText } from '../../api/error-text.js';
import { MonthPicker } from '../../components/lazy-date-pickers.js';
import { formatMoney, formatMonth, formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { PayrollSettingsForm } from './payroll-settings-form.js';
import { usePayrollSettings } from './payroll-settings-api.js';

/**
 * The payroll settings (issue 26): those in force in a chosen month, a form to save a new
 * version from a month, and every saved version. A version governs its month and the months
 * after it until the next version; the server refuses one that would reach a final payroll.
 */
export default function PayrollSettingsPage() {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.payrollSettings') }));
  // '' until the admin picks one: the current month, which the server answers
  const [month, setMonth] = useState('');
  // a version chosen from the list to start the form from
  const [base, setBase] = useState<PayrollSettings | null>(null);
  const settings = usePayrollSettings(month);
  const data = settings.data;
  const shownMonth = month || data?.month || '';

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.payrollSettings')}
        </Title>
        <Text c="dimmed">{t('admin.payrollSettings.intro')}</Text>
      </Stack>
      {settings.isError ? (
        <Alert color="red" variant="light">
          {errorText(settings.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <MonthPicker
              label={t('admin.payrollSettings.inForceIn')}
              locale={i18n.resolvedLanguage}
              value={shownMonth ? `${shownMonth}-01` : null}
              onChange={(value) => {
                setMonth(value ? String(value).slice(0, 7) : '');
                setBase(null);
              }}
              valueFormat="MMMM YYYY"
              miw={220}
            />
            {data ? (
              <Badge size="lg" variant="light" color={data.isDefault ? 'gray' : 'teal'} mb={6}>
                {data.isDefault ? t('admin.payrollSettings.defaults') : t('admin.payrollSettings.inForceSince', { month: formatMonth(data.effectiveFrom) })}
              </Badge>
            ) : null}
          </Group>
          {data ? <VersionsTable versions={[data]} caption={t('admin.payrollSettings.inForceCaption', { month: formatMonth(shownMonth) })} /> : <Text c="dimmed">{m('loading')}</Text>}
        </Stack>
      </Paper>
      {data ? (
        <PayrollSettingsForm
          // a new month or a chosen version starts the form afresh
          key={`${shownMonth} ${base?.effectiveFrom ?? ''} ${data.effectiveFrom}`}
          initial={base ?? data}
          effectiveFrom={base?.effectiveFrom ?? shownMonth}
          onSaved={(saved) => {
            setMonth(saved.effectiveFrom);
            setBase(null);
          }}
        />
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('admin.payrollSettings.versions')}
        </Title>
        {data && data.history.length === 0 ? (
          <Text c="dimmed">{t('admin.payrollSettings.noVersions')}</Text>
        ) : (
          <Paper withBorder radius="lg">
            <VersionsTable versions={data?.history ?? []} label={t('admin.payrollSettings.versions')} onEdit={(version) => setBase(version)} />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}

/** Versions of the settings, one row each; with onEdit, a button that starts the form from a row. */
/** The versions' table; it scrolls sideways on a phone, so it is a named region a keyboard can reach (axe scrollable-region-focusable). */
function VersionsTable({ versions, caption, label, onEdit }: { versions: PayrollSettings[]; caption?: string; label?: string; onEdit?: (version: PayrollSettings) => void }) {
  const { t } = useTranslation();
  const m = useMessages();
  const percent = (value: number) => `${formatNumber(value, { maximumFractionDigits: 2 })} %`;
  return (
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={caption ?? label}>
      <Table verticalSpacing="xs" horizontalSpacing="md" striped={Boolean(onEdit)}>
        {caption ? <Table.Caption>{caption}</Table.Caption> : null}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m('payrollFields.effectiveFrom')}</Table.Th>
            <Table.Th>{t('admin.payrollSettings.columns.epf')}</Table.Th>
            <Table.Th>{t('admin.payrollSettings.columns.esi')}</Table.Th>
            <Table.Th>{t('admin.payrollSettings.columns.minimumWages')}</Table.Th>
            {onEdit ? <Table.Th ta="right">{m('columnActions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((version) => (
            <Table.Tr key={version.effectiveFrom}>
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMonth(version.effectiveFrom)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t('admin.payrollSettings.epfSummary', { employee: percent(version.epf.employeeRate), eps: percent(version.epf.epsRate), ceiling: formatMoney(version.epf.wageCeiling) })}</Text>
                <Text size="xs" c="dimmed">
                  {version.epf.onActualWages ? t('admin.payrollSettings.onActualWagesOn') : t('admin.payrollSettings.onActualWagesOff')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('admin.payrollSettings.esiSummary', {
                    employee: percent(version.esi.employeeRate),
                    employer: percent(version.esi.employerRate),
                    ceiling: formatMoney(version.esi.wageCeiling),
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('admin.payrollSettings.exemptSummary', { wage: formatMoney(version.esi.exemptDailyWage) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{SKILLS.map((skill) => formatMoney(version.minimumWages[skill])).join(' · ')}</Text>
                <Text size="xs" c="dimmed">
                  {t('admin.payrollSettings.skillOrder')}
                </Text>
              </Table.Td>
              {onEdit ? (
                <Table.Td ta="right">
                  <Button size="xs" variant="light" onClick={() => onEdit(version)} aria-label={t('admin.payrollSettings.editVersion', { month: formatMonth(version.effectiveFrom) })}>
                    {m('billEdit')}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
