import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WholeNumberInput } from './whole-number-input.js';

function Coaches({ seen }: { seen: string[] }) {
  const [value, setValue] = useState<string | number>(3);
  return (
    <WholeNumberInput
      label="Total Coaches"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('WholeNumberInput', () => {
  it('opens the numeric keypad and keeps only the digits typed or pasted', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(
      <MantineProvider>
        <Coaches seen={seen} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Total Coaches');
    expect(input).toHaveProperty('inputMode', 'numeric');
    expect((input as HTMLInputElement).value).toBe('3');

    await user.clear(input);
    await user.type(input, '1-2.5x');
    expect((input as HTMLInputElement).value).toBe('125');
    await user.clear(input);
    await user.click(input);
    await user.paste('24 coaches');
    expect((input as HTMLInputElement).value).toBe('24');
    expect(seen.every((value) => /^\d*$/.test(value))).toBe(true);
  });

  it('shows a thousands separator once the field is left, plain digits while typing', async () => {
    const user = userEvent.setup();
    function Workers() {
      const [value, setValue] = useState<string | number>(1200);
      return <WholeNumberInput label="Workers" value={value} onChange={setValue} thousandSeparator="," />;
    }
    render(
      <MantineProvider>
        <Workers />
        <button type="button">elsewhere</button>
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Workers') as HTMLInputElement;
    expect(input.value).toBe('1,200');
    await user.click(input);
    expect(input.value).toBe('1200');
    await user.type(input, '5');
    expect(input.value).toBe('12005');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input.value).toBe('12,005');
  });
});
