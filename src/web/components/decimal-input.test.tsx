import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DecimalInput } from './decimal-input.js';

function Norm({ seen }: { seen: string[] }) {
  const [value, setValue] = useState<string | number>(0.6);
  return (
    <DecimalInput
      aria-label="Staff per coach for MCC"
      value={value}
      min={0}
      max={2}
      step={0.1}
      scale={3}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('DecimalInput', () => {
  it('opens the decimal keypad, keeps digits and one point with three decimals, and steps with the arrows within its bounds', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(
      <MantineProvider>
        <Norm seen={seen} />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Staff per coach for MCC' });
    expect(input).toHaveProperty('inputMode', 'decimal');
    expect(input).toHaveProperty('value', '0.6');

    await user.keyboard('{ArrowUp}');
    expect(input).toHaveProperty('value', '0.6');
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveProperty('value', '0.7');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveProperty('value', '0.5');

    await user.clear(input);
    await user.type(input, '1,2.5.0a75');
    expect(input).toHaveProperty('value', '12.507');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveProperty('value', '2');
    await user.clear(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveProperty('value', '0');
    expect(seen.every((value) => /^\d*(?:\.\d{0,3})?$/.test(value))).toBe(true);
  });

  it('reads ".5" as 0.5 at once and "5." as 5 when the field is left, as the save rule wants them', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <Norm seen={[]} />
        <button type="button">Save</button>
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Staff per coach for MCC' });
    await user.clear(input);
    await user.type(input, '.5');
    expect(input).toHaveProperty('value', '0.5');
    await user.clear(input);
    await user.type(input, '1.');
    expect(input).toHaveProperty('value', '1.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveProperty('value', '1');
  });
});
