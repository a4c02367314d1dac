import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useAddressParams } from '../../forms/use-address-params.js';

/** How long typing must pause before the address (and the request) follows the box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box (issue 28): the typed text is the box's own state and the address
 * (?q=) follows it once typing pauses, never the other way round, so no key is lost however
 * fast it is typed. The address still leads when it changes from outside (Back, a shared
 * link, a tab that clears it): the box then shows what the address says. `resetKeys` are
 * cleared with each new search (the page number, a cursor).
 *
 * `query` is what to ask the server for: the text as it stood when typing paused, trimmed.
 */
export function useSearchText(key = 'q', resetKeys: readonly string[] = ['page']) {
  const { params, update } = useAddressParams();
  const inAddress = params.get(key) ?? '';
  const [text, setText] = useState(inAddress);
  // the value this box last wrote to the address: any other value came from outside
  const written = useRef(inAddress);
  const [settled] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setText(inAddress);
    }
  }, [inAddress]);

  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    update({ [key]: settled, ...Object.fromEntries(resetKeys.map((name) => [name, null])) });
    // update is a new function each render; the address it writes to is the latest one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, key]);

  return { text, setText, query: settled.trim() };
}
