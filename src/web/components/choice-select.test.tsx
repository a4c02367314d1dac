import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChoiceSelect } from './choice-select.js';

const WORK = [
  { value: 'mcc', label: 'MCC' },
  { value: 'acca', label: 'ACCA' },
];

function Work({ initial, clearable, placeholder, seen }: { initial: string | null; clearable?: boolean; placeholder?: string; seen: (string | null)[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ChoiceSelect
      label="Work"
      data={WORK}
      value={value}
      placeholder={placeholder}
      clearable={clearable}
      required
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

const draw = (props: Parameters<typeof Work>[0]) =>
  render(
    <MantineProvider>
      <Work {...props} />
    </MantineProvider>,
  );

describe('ChoiceSelect', () => {
  it('is the browser select of its label, the placeholder a first empty option that cannot be picked again', async () => {
    const user = userEvent.setup();
    const seen: (string | null)[] = [];
    draw({ initial: null, placeholder: 'Choose a work type', seen });
    const select = screen.getByRole('combobox', { name: /^Work/ });
    expect(select.tagName).toBe('SELECT');
    // marked required for people and screen readers; the form's rules speak, not the browser
    expect(select.getAttribute('aria-required')).toBe('true');
    expect(select.hasAttribute('required')).toBe(false);
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Choose a work type', 'MCC', 'ACCA']);
    expect(options[0]).toHaveProperty('disabled', true);
    expect(select).toHaveProperty('value', '');

    await user.selectOptions(select, 'ACCA');
    expect(seen).toEqual(['acca']);
    expect(select).toHaveProperty('value', 'acca');
  });

  it("lets a filter's empty choice be picked again, reported as null", async () => {
    const user = userEvent.setup();
    const seen: (string | null)[] = [];
    draw({ initial: 'mcc', placeholder: 'All work types', clearable: true, seen });
    const select = screen.getByRole('combobox', { name: /^Work/ });
    await user.selectOptions(select, 'All work types');
    expect(seen).toEqual([null]);
    expect(select).toHaveProperty('value', '');
  });

  it('shows a stored value the list does not know as it is stored', () => {
    draw({ initial: 'Foreman', seen: [] });
    const select = screen.getByRole('combobox', { name: /^Work/ });
    expect(select).toHaveProperty('value', 'Foreman');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['MCC', 'ACCA', 'Foreman']);
  });
});
