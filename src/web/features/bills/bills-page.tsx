import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../forms/use-address-params.js';
import { BILL_PASSED, BILL_STATUSES } from '../../../shared/bills.js';
import { errorText } from '../../api/error-text.js';
import type { BILL_SORT_KEYS as SCHEMA_SORT_KEYS, Bill, BillValues } from '../../../shared/schemas/bills.js';
import { moneyPaise } from '../../../shared/money.js';
import { PAYROLL_REASON_MAX } from '../../../shared/limits.js';
import { billRules, rulesOr } from '../../forms/form-rules.js';
import { readForm } from '../../forms/field-errors.js';
import type { WorkType } from '../../../shared/work-types.js';
import { formatMoney, formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { MoneyText } from '../../components/money-text.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { AmountInput } from './amount-input.js';
import { exportBills, useBills, useDeleteBill, useUpdateBill, type BillFilters } from './api.js';
import { useAuth } from '../../auth/auth-context.js';
import { SortTh, useSortParam } from '../../components/list/sort-th.js';
import { TotalsRow } from '../../components/list/totals-row.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { useBillStatusLabel, useBillStatusOptions } from '../../i18n/bill-status-label.js';
import { CATEGORY_TABS, tabFromParam } from '../../components/category-tabs.js';
import { netAmountText, summarizeBills } from './bill-summary.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AppModal } from '../../components/app-modal.js';

/** The schema's sort keys, checked against it by type: a value import of the schemas would load zod (the `forms` file) before the first screen. */
const BILL_SORT_KEYS: typeof SCHEMA_SORT_KEYS = ['month', 'billvalue', 'penalty', 'netamount', 'status'];

interface Draft {
  status: string;
  billvalue: string;
  penalty: string;
  netamount: string;
}

/** The server's message (by its code), or why no answer came; '' for anything else (the step's SPEC text shows alone). */
function serverMessage(error: unknown): string {
  return errorText(error, '', '');
}

/** SPEC §2 Bills (manager/bills): '+ Add Bill', the six tabs, the cards and the bill list. */
export default function BillsPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(`${m('billDetails')} · Dutyroll`);
  const { params, update } = useAddressParams();
  const work = tabFromParam(params.get('work'));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {m('billDetails')}
        </Title>
        <Group gap="sm" wrap="wrap" data-no-print>
          {/* ours (issue 27): the month's bill computed from its duties, beside SPEC's typed one */}
          <Button component={Link} to={`/dashboard/manager/bills/draft?work=${encodeURIComponent(work)}`} size="md" variant="light">
            {t('billDraft.bills.button')}
          </Button>
          <Button component={Link} to="/dashboard/manager/addbills" size="md">
            {m('addBillLink')}
          </Button>
        </Group>
      </Group>
      <Tabs value={work} onChange={(value) => value && update({ work: value })} keepMounted={false}>
        <Tabs.List data-no-print>
          {CATEGORY_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md" py="sm">
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATEGORY_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            <BillTab work={tab.value} category={tab.label} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** A month ('YYYY-MM') from the address, or none. */
function monthParam(value: string | null): string | undefined {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined;
}

/**
 * The bill list's view in the address (issue 28): ?status=, ?from=, ?to= (months, both ends
 * included) and ?sort=; the names of the filters, as the printed heading says them.
 */
function useBillView(category: string) {
  const m = useMessages();
  const statusLabel = useBillStatusLabel();
  const { params, update } = useAddressParams();
  const { order, toggle, sort } = useSortParam(BILL_SORT_KEYS, []);
  const status = (BILL_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : undefined;
  const from = monthParam(params.get('from'));
  const to = monthParam(params.get('to'));
  const filters: BillFilters = { status, from, to, sort };
  const filterNames = [
    `${m('fields.workType')}: ${category}`,
    status ? `${m('columnStatus')}: ${statusLabel(status)}` : null,
    from ? `${m('billsList.fromMonth')}: ${formatMonth(from)}` : null,
    to ? `${m('billsList.toMonth')}: ${formatMonth(to)}` : null,
  ].filter((name): name is string => name !== null);
  return { filters, filterNames, order, toggle, update };
}

/** The sum of a bill figure over the list, in integer paise (issue 28's Total row). */
function sumPaise(bills: Bill[], figure: 'billvalue' | 'penalty' | 'netamount'): number {
  return bills.reduce((total, bill) => total + (moneyPaise(bill[figure]) ?? 0), 0);
}

function BillTab({ work, category }: { work: WorkType; category: string }) {
  const m = useMessages();
  const { token } = useAuth();
  const statusOptions = useBillStatusOptions();
  const view = useBillView(category);
  const { filters } = view;
  // SPEC's cards add up every bill of the work type; the table shows the filtered, sorted view
  const all = useBills(work);
  const query = useBills(work, filters);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const update = useUpdateBill();
  const remove = useDeleteBill();
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<Bill | null>(null);
  // a figure of a bill made from the duties changed by hand: the change waits for its reason
  const [asking, setAsking] = useState<{ bill: Bill; body: BillValues } | null>(null);

  if (all.isPending) {
    return (
      <Text c="dimmed" py="lg" role="status">
        {m('loading')}
      </Text>
    );
  }
  if (all.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(all.error, 'somethingWentWrong')}
      </Alert>
    );
  }
  // the filtered view loads under its controls, which stay to change a view the server refused
  const bills = query.data ?? [];
  const summary = summarizeBills(all.data);
  const filtered = Boolean(filters.status || filters.from || filters.to);

  const startEdit = (bill: Bill) =>
    setEditing({ id: bill._id, draft: { status: bill.status, billvalue: String(bill.billvalue), penalty: String(bill.penalty), netamount: String(bill.netamount) } });

  const changeDraft = (field: keyof Draft, value: string) =>
    setEditing((current) => {
      if (!current) return current;
      const draft = { ...current.draft, [field]: value };
      // Like the add form: a new bill value or penalty recomputes the net amount, which stays editable.
      if (field === 'billvalue' || field === 'penalty') draft.netamount = netAmountText(draft.billvalue, draft.penalty);
      return { ...current, draft };
    });

  async function save(bill: Bill) {
    if (!editing) return;
    const rules = await rulesOr(billRules, (error) => notifications.show({ color: 'red', title: m('billUpdateError'), message: errorText(error) }));
    if (!rules) return;
    // No contract period: the server keeps the bill's own, and the list shows the work
    // type's (set by the admin) for a bill without one; sending it back would freeze it here.
    const read = readForm(rules.updateBillBody, { ...editing.draft, consumedcoach: bill.consumedcoach, contractperiod: '' });
    if (!read.ok) {
      notifications.show({ color: 'red', title: m('billUpdateError'), message: read.message });
      return;
    }
    if (bill.fromDuties && figuresChanged(bill, read.value)) {
      setAsking({ bill, body: read.value });
      return;
    }
    send(bill, read.value);
  }

  function send(bill: Bill, body: BillValues, onRefused?: (message: string) => void) {
    update.mutate(
      { id: bill._id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: m('billUpdated') });
          setEditing(null);
          setAsking(null);
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: m('billUpdateError'), message: serverMessage(error) || m('billUpdateError') });
          onRefused?.(serverMessage(error) || m('billUpdateError'));
        },
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: m('billDeleted') });
        setDeleting(null);
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: m('billDeleteError'), message: serverMessage(error) || m('billDeleteError') });
        setDeleting(null);
      },
    });
  }

  const rowProps = (bill: Bill): BillItemProps => ({
    bill,
    draft: editing?.id === bill._id ? editing.draft : null,
    saving: update.isPending && editing?.id === bill._id,
    onEdit: () => startEdit(bill),
    onChange: changeDraft,
    onSave: () => save(bill),
    onCancel: () => setEditing(null),
    onDelete: () => setDeleting(bill),
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }} data-no-print>
        <SummaryCard label={m('billValue')} value={<MoneyText value={summary.billValue} />} />
        <SummaryCard label={m('netAmount')} value={<MoneyText value={summary.netAmount} />} />
        <SummaryCard label={m('penalty')} value={<MoneyText value={summary.penalty} />} />
        <SummaryCard label={m('contractPeriod')} value={summary.contractPeriod ?? '-'} />
        <SummaryCard label={m('lastPassedBillMonth')} value={summary.lastPassedMonth ? formatMonth(summary.lastPassedMonth) : m('noBillsPassed')} />
        <SummaryCard label={m('pendingBills')} value={String(summary.pending)} />
      </SimpleGrid>

      {/* issue 28: the list's filters (in the address), Export and Print */}
      <Group justify="space-between" align="flex-end" gap="sm" data-no-print>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ flex: 1, maxWidth: 640 }}>
          <ChoiceSelect
            label={m('columnStatus')}
            data={[{ value: '', label: m('staffList.allStatuses') }, ...statusOptions]}
            value={filters.status ?? ''}
            onChange={(value) => view.update({ status: value || null })}
          />
          <TextInput type="month" label={m('billsList.fromMonth')} value={filters.from ?? ''} onChange={(event) => view.update({ from: monthParam(event.currentTarget.value) ?? null })} size="md" />
          <TextInput type="month" label={m('billsList.toMonth')} value={filters.to ?? ''} onChange={(event) => view.update({ to: monthParam(event.currentTarget.value) ?? null })} size="md" />
        </SimpleGrid>
        <ListActions onExport={() => exportBills(token, work, filters)} exportDisabled={bills.length === 0} printDisabled={bills.length === 0} />
      </Group>
      <PrintHeading title={`${m('officeLists.billsTitle')} · ${category}`} filters={view.filterNames} />

      {query.isPending ? (
        <Text c="dimmed" py="lg" role="status">
          {m('loading')}
        </Text>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(query.error, 'somethingWentWrong')}
        </Alert>
      ) : bills.length === 0 ? (
        <Text c="dimmed" py="lg">
          {filtered ? m('billsList.noneMatch') : m.of('noBillsFor', category)}
        </Text>
      ) : wide ? (
        <div className="print-table">
          <Table.ScrollContainer minWidth={760} type="native">
            <Table striped highlightOnHover withTableBorder verticalSpacing="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Table.Thead>
                <Table.Tr>
                  <SortTh sortKey="month" order={view.order} onSort={view.toggle}>
                    {m('columnMonth')}
                  </SortTh>
                  <SortTh sortKey="billvalue" order={view.order} onSort={view.toggle} numeric>
                    {m('billValue')}
                  </SortTh>
                  <SortTh sortKey="netamount" order={view.order} onSort={view.toggle} numeric>
                    {m('netAmount')}
                  </SortTh>
                  <SortTh sortKey="penalty" order={view.order} onSort={view.toggle} numeric>
                    {m('penalty')}
                  </SortTh>
                  <SortTh sortKey="status" order={view.order} onSort={view.toggle}>
                    {m('columnStatus')}
                  </SortTh>
                  <Table.Th data-no-print>{m('columnActions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bills.map((bill) => (
                  <BillRow key={bill._id} {...rowProps(bill)} />
                ))}
              </Table.Tbody>
              <TotalsRow
                cells={[
                  <Text key="billvalue" ta="right" fw={700} inherit>
                    {formatMoney(sumPaise(bills, 'billvalue') / 100)}
                  </Text>,
                  <Text key="netamount" ta="right" fw={700} inherit>
                    {formatMoney(sumPaise(bills, 'netamount') / 100)}
                  </Text>,
                  <Text key="penalty" ta="right" fw={700} inherit>
                    {formatMoney(sumPaise(bills, 'penalty') / 100)}
                  </Text>,
                  null,
                  null,
                ]}
              />
            </Table>
          </Table.ScrollContainer>
        </div>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} className="print-cards">
          {bills.map((bill) => (
            <BillCard key={bill._id} {...rowProps(bill)} />
          ))}
        </Stack>
      )}

      <ReasonDialog
        opened={asking !== null}
        month={asking ? formatMonth(asking.bill.month) : ''}
        busy={update.isPending}
        onClose={() => setAsking(null)}
        onSave={(reason, onRefused) => asking && send(asking.bill, { ...asking.body, reason }, onRefused)}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title={m('confirmDeleteBill')}
        confirmLabel={m('confirmDeleteBillAction')}
        color="red"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** Whether the edit changes a figure of the bill (its value, penalty or net amount), not its status alone. */
function figuresChanged(bill: Bill, body: BillValues): boolean {
  return (['billvalue', 'penalty', 'netamount'] as const).some((figure) => moneyPaise(body[figure]) !== moneyPaise(bill[figure]));
}

/**
 * Why a figure computed from the duties is changed by hand (issue 27): a required reason,
 * sent with the change and kept in the audit trail. The server's refusal shows here.
 */
function ReasonDialog({
  opened,
  month,
  busy,
  onClose,
  onSave,
}: {
  opened: boolean;
  month: string;
  busy: boolean;
  onClose: () => void;
  onSave: (reason: string, onRefused: (message: string) => void) => void;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // each opening asks afresh
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setReason('');
      setProblem(null);
    }
  }
  function save() {
    if (!reason.trim()) {
      setProblem(m('billDraft.reasonRequired'));
      return;
    }
    onSave(reason.trim(), setProblem);
  }
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          {t('billDraft.bills.reasonTitle')}
        </Text>
      }
      centered
      size="md"
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm">{month}</Text>
        <Textarea
          label={m('payroll.reason')}
          description={t('billDraft.bills.reasonHint')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          maxLength={PAYROLL_REASON_MAX}
          autosize
          minRows={2}
          size="md"
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} size="md" mih={44}>
            {m('cancel')}
          </Button>
          <Button onClick={save} loading={busy} size="md" mih={44}>
            {m('billSave')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Ours (issue 27): a bill made from the duties says so under its month, in no column of its own. */
function FromDutiesBadge({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  if (!bill.fromDuties) return null;
  return (
    <Badge color="teal" variant="light" size="sm" radius="sm" tt="none" display="block" w="fit-content" mt={4}>
      {t('billDraft.bills.fromDuties')}
    </Badge>
  );
}

function SummaryCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600} lh={1.3}>
        {label}
      </Text>
      <Text fz={{ base: 17, sm: 22 }} fw={700} mt={6} className="break-anywhere" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function StatusBadge({ status }: { status: string }) {
  const m = useMessages();
  const label = useBillStatusLabel();
  if (!status) return <Text c="dimmed">{m('notAvailable')}</Text>;
  // the first status (just entered) grey, the last (passed) green, those between blue
  const color = status === BILL_PASSED ? 'green' : status === BILL_STATUSES[0] ? 'gray' : 'blue';
  return (
    <Badge color={color} variant="light" size="lg" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {label(status)}
    </Badge>
  );
}

interface BillItemProps {
  bill: Bill;
  draft: Draft | null;
  saving: boolean;
  onEdit: () => void;
  onChange: (field: keyof Draft, value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}

function EditActions({ saving, onSave, onCancel, grow }: { saving: boolean; onSave: () => void; onCancel: () => void; grow?: boolean }) {
  const m = useMessages();
  return (
    <Group gap="xs" wrap="nowrap" grow={grow}>
      <Button size={grow ? 'md' : 'sm'} onClick={onSave} disabled={saving}>
        {saving ? m('saving') : m('billSave')}
      </Button>
      <Button size={grow ? 'md' : 'sm'} variant="default" onClick={onCancel} disabled={saving}>
        {m('cancel')}
      </Button>
    </Group>
  );
}

function ViewActions({ bill, onEdit, onDelete, grow }: { bill: Bill; onEdit: () => void; onDelete: () => void; grow?: boolean }) {
  const m = useMessages();
  const month = formatMonth(bill.month);
  return (
    <Group gap="xs" wrap="nowrap" grow={grow}>
      <Button size={grow ? 'md' : 'sm'} variant="light" onClick={onEdit} aria-label={`${m('billEdit')} ${month}`}>
        {m('billEdit')}
      </Button>
      <Button size={grow ? 'md' : 'sm'} variant="light" color="red" onClick={onDelete} aria-label={`${m('delete')} ${month}`}>
        {m('delete')}
      </Button>
    </Group>
  );
}

/** A table row (desktop); in edit mode the amounts and status become inputs in place. */
function BillRow({ bill, draft, saving, onEdit, onChange, onSave, onCancel, onDelete }: BillItemProps) {
  const m = useMessages();
  const statusOptions = useBillStatusOptions();
  if (!draft) {
    return (
      <Table.Tr>
        <Table.Td fw={600}>
          {formatMonth(bill.month)}
          <FromDutiesBadge bill={bill} />
        </Table.Td>
        <Table.Td ta="right">{formatMoney(bill.billvalue)}</Table.Td>
        <Table.Td ta="right">{formatMoney(bill.netamount)}</Table.Td>
        <Table.Td ta="right">{formatMoney(bill.penalty)}</Table.Td>
        <Table.Td>
          <StatusBadge status={bill.status} />
        </Table.Td>
        <Table.Td data-no-print>
          <ViewActions bill={bill} onEdit={onEdit} onDelete={onDelete} />
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td fw={600}>
        {formatMonth(bill.month)}
        <FromDutiesBadge bill={bill} />
      </Table.Td>
      <Table.Td>
        <AmountInput size="sm" aria-label={m('billValue')} value={draft.billvalue} onChange={(value) => onChange('billvalue', value)} miw={110} />
      </Table.Td>
      <Table.Td>
        <AmountInput size="sm" aria-label={m('netAmount')} value={draft.netamount} onChange={(value) => onChange('netamount', value)} miw={110} />
      </Table.Td>
      <Table.Td>
        <AmountInput size="sm" aria-label={m('penalty')} value={draft.penalty} onChange={(value) => onChange('penalty', value)} miw={100} />
      </Table.Td>
      <Table.Td>
        <ChoiceSelect size="sm" aria-label={m('columnStatus')} data={statusOptions} value={draft.status || null} onChange={(value) => onChange('status', value ?? '')} miw={170} />
      </Table.Td>
      <Table.Td>
        <EditActions saving={saving} onSave={onSave} onCancel={onCancel} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A bill as a card (phones): the same fields and actions, stacked, with large touch targets. */
function BillCard({ bill, draft, saving, onEdit, onChange, onSave, onCancel, onDelete }: BillItemProps) {
  const m = useMessages();
  const statusOptions = useBillStatusOptions();
  const month = formatMonth(bill.month);
  return (
    <Paper component="li" withBorder radius="lg" p="md" aria-label={month}>
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
        <div>
          <Text fw={700} size="lg">
            {month}
          </Text>
          <FromDutiesBadge bill={bill} />
        </div>
        {!draft && <StatusBadge status={bill.status} />}
      </Group>
      {draft ? (
        <Stack gap="sm">
          <AmountInput label={m('billValue')} value={draft.billvalue} onChange={(value) => onChange('billvalue', value)} />
          <AmountInput label={m('penalty')} value={draft.penalty} onChange={(value) => onChange('penalty', value)} />
          <AmountInput label={m('netAmount')} value={draft.netamount} onChange={(value) => onChange('netamount', value)} />
          <ChoiceSelect label={m('columnStatus')} data={statusOptions} value={draft.status || null} onChange={(value) => onChange('status', value ?? '')} />
          <EditActions saving={saving} onSave={onSave} onCancel={onCancel} grow />
        </Stack>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={3} spacing="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Figure label={m('billValue')} value={<MoneyText value={bill.billvalue} />} />
            <Figure label={m('netAmount')} value={<MoneyText value={bill.netamount} />} />
            <Figure label={m('penalty')} value={<MoneyText value={bill.penalty} />} />
          </SimpleGrid>
          <ViewActions bill={bill} onEdit={onEdit} onDelete={onDelete} grow />
        </Stack>
      )}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} className="break-anywhere">
        {value}
      </Text>
    </div>
  );
}
