import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text.js';
import { AppModal } from '../../components/app-modal.js';
import { formatMoney, formatMonth } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { newWriteKey, useBillFromDuties, type BillDraft } from './bill-draft-api.js';
import { useUnitsText } from './bill-draft-display.js';

/**
 * "Create (or Update) bill from duties?" naming the month, the work type and the figures the
 * bill will carry. One Idempotency-Key per opening: a retry after a lost answer is the same
 * change, not a second one. A refusal (problems, a passed bill) shows the server's words here.
 */
export function FromDutiesDialog({ opened, onClose, draft, workLabel }: { opened: boolean; onClose: () => void; draft: BillDraft; workLabel: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const make = useBillFromDuties();
  const unitsText = useUnitsText();
  const [key, setKey] = useState(newWriteKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // a new opening is a new intended change: a new key, no old refusal
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setKey(newWriteKey());
      setProblem(null);
    }
  }
  const updating = draft.bill !== null;
  const title = t(updating ? 'billDraft.action.updateQuestion' : 'billDraft.action.createQuestion', { month: formatMonth(draft.month), work: workLabel });

  function confirm() {
    setProblem(null);
    make.mutate(
      { work: draft.work, month: draft.month, key },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateAnswer(answer.data) });
          onClose();
        },
        onError: (error) => setProblem(errorText(error, 'somethingWentWrong')),
      },
    );
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">{title}</Text>} centered size="md" radius="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text>{t('billDraft.action.summary', { units: unitsText(draft.unit, draft.units), value: formatMoney(draft.billvalue), penalty: formatMoney(draft.penalty), net: formatMoney(draft.netamount) })}</Text>
          <Text size="sm" c="dimmed">
            {updating ? t('billDraft.action.updateNote') : t('billDraft.action.createNote')}
          </Text>
        </Stack>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={make.isPending} size="md" mih={44}>
            {m('cancel')}
          </Button>
          <Button onClick={confirm} loading={make.isPending} size="md" mih={44} data-autofocus>
            {updating ? t('billDraft.action.update') : t('billDraft.action.create')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
