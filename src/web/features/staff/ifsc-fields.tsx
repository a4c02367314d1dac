import { Loader, TextInput } from '@mantine/core';
import { IFSC_LENGTH } from '../../../shared/limits.js';
import { useMessages } from '../../i18n/messages.js';
import type { IfscLookup } from './use-ifsc-lookup.js';

export interface IfscFieldsProps {
  lookup: IfscLookup;
  /** '⚠️ Enter a valid IFSC code' (add forms) or '⚠️ Invalid IFSC Code' (edit form), in the reader's language */
  invalidMessage: string;
  labels: { ifsc: string; bank: string; branch: string };
  /** ids for focusing a field with an error */
  ids: { ifsc: string; branch: string };
  /** an error the form found on submit (e.g. the server's) */
  submitError?: string;
}

/** IFSC Code, Bank and Branch: the lookup fills the last two, read-only (SPEC §5 IFSC). */
export function IfscFields({ lookup, invalidMessage, labels, ids, submitError }: IfscFieldsProps) {
  const m = useMessages();
  const { state, setCode, setBranch } = lookup;
  const lookupError = state.status === 'invalid' ? invalidMessage : state.status === 'unreachable' ? m('cannotReachServer') : undefined;
  return (
    <>
      <TextInput
        id={ids.ifsc}
        label={labels.ifsc}
        value={state.code}
        onChange={(event) => setCode(event.currentTarget.value)}
        maxLength={IFSC_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        description={state.status === 'checking' ? m('checkingIfsc') : undefined}
        rightSection={state.status === 'checking' ? <Loader size="xs" aria-hidden /> : undefined}
        error={lookupError ?? (state.status === 'idle' && state.code !== '' ? submitError : undefined)}
        styles={{ input: { textTransform: 'uppercase' } }}
      />
      <TextInput label={labels.bank} value={state.bank} readOnly tabIndex={-1} variant="filled" />
      <TextInput
        id={ids.branch}
        label={labels.branch}
        value={state.branch}
        readOnly={!state.branchEditable}
        tabIndex={state.branchEditable ? undefined : -1}
        variant={state.branchEditable ? 'default' : 'filled'}
        description={state.branchEditable ? m('branchTypeHint') : undefined}
        onChange={(event) => setBranch(event.currentTarget.value)}
      />
    </>
  );
}
