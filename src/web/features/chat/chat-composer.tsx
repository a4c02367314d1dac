import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Textarea } from '@mantine/core';
import { useErrorText } from '../../api/error-text.js';
import { chatRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { readForm } from '../../forms/field-errors.js';
import { useMessages } from '../../i18n/messages.js';
import { useSendChat } from './api.js';
import classes from './chat-page.module.css';

/**
 * The message box: Enter sends, Shift+Enter starts a new line. A blank message is simply
 * not sent (SPEC §5); other problems (too long, too fast) show the same words as the
 * server's answer, from the shared schema or the server's {msg}. A refused send is kept
 * as it came and put in words while rendering (by its code), so it follows a language change.
 */
export function ChatComposer({ disabled }: { disabled: boolean }) {
  const m = useMessages();
  const send = useSendChat();
  const [text, setText] = useState('');
  const errorText = useErrorText();
  /** The schema's message (already in the reader's language), or the send that failed. */
  const [problem, setProblem] = useState<{ message: string } | { failure: unknown } | null>(null);
  const error = problem && ('message' in problem ? problem.message : errorText(problem.failure, 'somethingWentWrong'));
  useRulesSoon(chatRules);

  const submit = async () => {
    if (text.trim() === '' || send.isPending) return;
    const rules = await rulesOr(chatRules, (failure) => setProblem({ failure }));
    if (!rules) return;
    const parsed = readForm(rules.createChatBody, { text });
    if (!parsed.ok) {
      setProblem({ message: parsed.message });
      return;
    }
    const sent = text;
    send.mutate(parsed.value.text, {
      // Only clear what was sent: the person may have started the next message meanwhile.
      onSuccess: () => setText((current) => (current === sent ? '' : current)),
      onError: (failure) => setProblem({ failure }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an input-method word (Malayalam, Hindi) is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={classes.composer} onSubmit={onSubmit} noValidate>
      <Textarea
        className={classes.input}
        aria-label={m('chatMessageLabel')}
        placeholder={m('typeAMessage')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        error={error}
        autosize
        minRows={1}
        maxRows={5}
        size="md"
        radius="md"
        disabled={disabled}
        enterKeyHint="send"
      />
      <Button type="submit" size="md" h={44} px="lg" loading={send.isPending} disabled={disabled || text.trim() === ''}>
        {m('send')}
      </Button>
    </form>
  );
}
