import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { provideSender, useOutbox } from './outbox-provider.js';
import type { NewWrite, SubmitResult } from './outbox.js';
import { sendEntry } from './send-entry.js';

// a form's first save sends at once, without waiting for the sending code (outbox-provider.tsx)
provideSender(sendEntry);

/**
 * A duty form's save through the outbox: sent at once when the network allows ('sent'),
 * otherwise kept on the phone ('queued'), or refused by the server ('refused'). `replaces`
 * names the refused entry a Fix replaces.
 */
export function useSubmitWrite(): (write: NewWrite, replaces?: string) => Promise<SubmitResult> {
  const outbox = useOutbox();
  const client = useQueryClient();
  return useCallback(
    async (write: NewWrite, replaces?: string) => {
      if (!outbox) throw new Error('The outbox runs inside a signed-in area');
      const result = await outbox.submit(write, replaces ? { replaces } : {});
      // a refusal (409: changed meanwhile) means our copy is old; a send reloads through the provider
      if (result.kind === 'refused') void client.invalidateQueries({ queryKey: ['duties'] });
      return result;
    },
    [outbox, client],
  );
}
