import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionsMenu, SearchableSelect } from './lazy-floating.js';

// offline on a first visit, before the service worker holds the floating layer's code
vi.mock('./floating.js', () => Promise.reject(new Error('Failed to fetch dynamically imported module')));

describe('the searchable list and the actions menu when their code cannot load', () => {
  it('keep their stand-ins, the chosen option shown, and the rest of the screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <form aria-label="Audit filters">
          <SearchableSelect label="Person" placeholder="Everyone" data={[{ value: 'u1', label: 'Asha Nair' }, 'Joseph Thomas']} value="u1" onChange={() => {}} />
          <ActionsMenu target={(props) => <button type="button" {...props}>Actions</button>} actions={[{ label: 'Disable', onClick: () => {} }]} />
          <input aria-label="Note" />
        </form>
      </MantineProvider>,
    );
    const person = screen.getByRole('textbox', { name: 'Person' });
    expect(person).toHaveProperty('value', 'Asha Nair');
    expect(person).toHaveProperty('readOnly', true);
    // the failed import has been tried and the screen is still here, not an error screen
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('form', { name: 'Audit filters' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Person' })).toHaveProperty('value', 'Asha Nair');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'kept');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'kept');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('button', { name: 'Actions' })).toBeTruthy();
  });
});
