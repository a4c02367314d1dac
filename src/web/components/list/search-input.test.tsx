import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchInput, useSearchText } from './search-input.js';

/** A list page: its search, and a count of how often the page (the list) was drawn. */
function List({ draws }: { draws: string[] }) {
  const search = useSearchText('q', ['page']);
  draws.push(search.query);
  return (
    <>
      <SearchInput search={search} label="Search" />
      <p>Searching for: {search.query || 'everyone'}</p>
      <Link to="/list?q=biju">Biju</Link>
    </>
  );
}

function open(draws: string[], address: string) {
  const router = createMemoryRouter([{ path: '/list', Component: () => <List draws={draws} /> }], { initialEntries: [address] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('SearchInput', () => {
  it('keeps every key in the box without drawing the list again, and settles the list and the address when typing pauses', async () => {
    const draws: string[] = [];
    const router = open(draws, '/list?page=3');
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    const before = draws.length;

    await userEvent.setup().type(box, 'Kavitha Menon');
    expect(box.value).toBe('Kavitha Menon');
    // typing drew the box alone: the list was not drawn at any key
    expect(draws.length).toBe(before);

    expect(await screen.findByText('Searching for: Kavitha Menon')).toBeTruthy();
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('q')).toBe('Kavitha Menon');
    // a new search starts at the first page
    expect(address.get('page')).toBeNull();
    // the list asked once for the settled text, not for each prefix typed
    expect(draws.filter((query) => query !== '' && query !== 'Kavitha Menon')).toEqual([]);
  });

  it('shows what the address says when it changes from outside (a link, Back)', async () => {
    const draws: string[] = [];
    const router = open(draws, '/list?q=kav');
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('kav');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Biju' }));
    await waitFor(() => expect(box.value).toBe('biju'));
    expect(screen.getByText('Searching for: biju')).toBeTruthy();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(box.value).toBe('kav'));
    expect(screen.getByText('Searching for: kav')).toBeTruthy();
  });
});
