import { useEffect, useRef, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAddressParams } from '../../forms/use-address-params.js';

/** How long typing must pause before the address (and the request) follows the box. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search (issue 28): the address (?q=) holds what the list searches for, and a
 * SearchInput box types into it. The list's page holds only the settled text: the box
 * keeps the keys typed as its own state, so a key re-renders the box alone, not the list
 * under it (on a slow phone a list of 50 rows drawn again at every key made typing lag
 * behind the fingers), and the page, the address and the request follow once typing
 * pauses. The address still leads when it changes from outside (Back, a shared link, a tab
 * that clears it): the box then shows what the address says. `resetKeys` are cleared with
 * each new search (the page number, a cursor).
 *
 * `query` is what to ask the server for: the text as it stood when typing paused, trimmed.
 */
export function useSearchText(key = 'q', resetKeys: readonly string[] = ['page']) {
  const { params, update } = useAddressParams();
  const inAddress = params.get(key) ?? '';
  const [settled, setSettled] = useState(inAddress);
  // the value last written to the address: any other value came from outside
  const written = useRef(inAddress);

  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setSettled(inAddress);
    }
  }, [inAddress]);

  const settle = (text: string) => {
    setSettled(text);
    if (text === written.current) return;
    written.current = text;
    update({ [key]: text, ...Object.fromEntries(resetKeys.map((name) => [name, null])) });
  };

  return { settled, settle, query: settled.trim() };
}

export type SearchText = ReturnType<typeof useSearchText>;

/** The box of a useSearchText search: every key stays in the box; the search settles when typing pauses. */
export function SearchInput({ search, ...props }: Omit<TextInputProps, 'type' | 'value' | 'onChange'> & { search: SearchText }) {
  const [text, setText] = useState(search.settled);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // the settled text this box last reported (or was shown): any other came from outside
  const known = useRef(search.settled);

  useEffect(() => {
    if (search.settled !== known.current) {
      known.current = search.settled;
      setText(search.settled);
    }
  }, [search.settled]);

  useEffect(() => {
    if (debounced === known.current) return;
    known.current = debounced;
    search.settle(debounced);
    // settle is a new function each render; the address it writes to is the latest one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return <TextInput {...props} type="search" value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}
