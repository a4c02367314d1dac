import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params.js';

/** A list page whose search writes to the address when the test says so (the pause after typing). */
function List() {
  const { params, update } = useAddressParams();
  return (
    <>
      <p>Searched: {params.get('q') ?? 'nothing'}</p>
      <Link to="/edit">Edit</Link>
      <button type="button" onClick={() => update({ q: 'Suresh' })}>
        Search settles
      </button>
    </>
  );
}

describe('useAddressParams', () => {
  it("never takes the user back to the list when a search settles while the page they tapped is loading", async () => {
    let loaded: () => void = () => {};
    const editLoads = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const router = createMemoryRouter(
      [
        { path: '/list', Component: List },
        { path: '/edit', lazy: async () => editLoads.then(() => ({ Component: () => <h1>Update Worker</h1> })) },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(router.state.navigation.state).toBe('loading');
    // the list is still on screen while /edit's code loads, and its search settles now
    await user.click(screen.getByRole('button', { name: 'Search settles' }));
    await act(async () => loaded());

    expect(await screen.findByRole('heading', { name: 'Update Worker' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('writes a settled search to the address while the user stays on the list', async () => {
    const router = createMemoryRouter([{ path: '/list', Component: List }], { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search settles' }));
    expect(await screen.findByText('Searched: Suresh')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=Suresh');
  });
});
