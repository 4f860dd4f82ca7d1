import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { todayIst } from '../../../lib/format';
import { renderUi } from '../test-utils';
import { DatePickerField } from './DatePickerField';
import { DateRangePicker } from './DateRangePicker';
import { type DateRange, withFrom, withTo } from './date-pairing';

const changes: DateRange[] = [];

function Harness({ initial }: { initial: DateRange }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

/** The field (a button) named by its label; its text is the shown day. */
const field = (label: string) => screen.getByLabelText(label) as HTMLButtonElement;

/** Independent date arithmetic for expectations: UTC days, 86 400 000 ms each. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('date pairing rules', () => {
  it('From sets To = From + 6, To sets From = To - 6, across month and year ends', () => {
    expect(withFrom({ from: null, to: null }, '2025-03-28')).toEqual({ from: '2025-03-28', to: '2025-04-03' });
    expect(withTo({ from: null, to: null }, '2025-01-03')).toEqual({ from: '2024-12-28', to: '2025-01-03' });
    expect(withFrom({ from: null, to: null }, '2024-02-26')).toEqual({ from: '2024-02-26', to: '2024-03-03' });
  });

  it('clearing one side leaves the other', () => {
    expect(withFrom({ from: '2025-03-01', to: '2025-03-07' }, null)).toEqual({ from: null, to: '2025-03-07' });
    expect(withTo({ from: '2025-03-01', to: '2025-03-07' }, null)).toEqual({ from: '2025-03-01', to: null });
  });
});

describe('DateRangePicker', { timeout: 20_000 }, () => {
  it('shows both days as DD-Mon-YYYY in labelled, read-only fields', () => {
    renderUi(<Harness initial={{ from: '2025-03-05', to: '2025-03-11' }} />);
    expect(field('From Date').textContent).toBe('05-Mar-2025');
    expect(field('To Date').textContent).toBe('11-Mar-2025');
    // A button, not a text box: nothing can be typed in.
    expect(field('From Date').tagName).toBe('BUTTON');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('choosing From sets To six days later', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-07' }} />);
    await user.click(field('From Date'));
    await user.click(screen.getByRole('button', { name: '28 March 2025' }));
    expect(changes.at(-1)).toEqual({ from: '2025-03-28', to: shift('2025-03-28', 6) });
    expect(field('From Date').textContent).toBe('28-Mar-2025');
    expect(field('To Date').textContent).toBe('03-Apr-2025');
  });

  it('choosing To sets From six days earlier', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-07' }} />);
    await user.click(field('To Date'));
    await user.click(screen.getByRole('button', { name: '4 March 2025' }));
    expect(changes.at(-1)).toEqual({ from: shift('2025-03-04', -6), to: '2025-03-04' });
    expect(field('From Date').textContent).toBe('26-Feb-2025');
    expect(field('To Date').textContent).toBe('04-Mar-2025');
  });

  it('opens a named calendar whose month controls are named', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-07' }} />);
    await user.click(field('From Date'));
    expect(screen.getByRole('dialog', { name: 'From Date calendar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: '2 April 2025' }));
    expect(changes.at(-1)).toEqual({ from: '2025-04-02', to: '2025-04-08' });
  });

  it('has a Today button that picks the IST day and pairs it', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: null, to: null }} />);
    await user.click(field('From Date'));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = todayIst();
    expect(changes.at(-1)).toEqual({ from: today, to: shift(today, 6) });
  });

  it('clears one side from the picker or from the field, leaving the other', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-07' }} />);
    await user.click(field('From Date'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(changes.at(-1)).toEqual({ from: null, to: '2025-03-07' });
    expect(field('From Date').textContent).toBe('DD-Mon-YYYY'); // the placeholder

    await user.click(screen.getByRole('button', { name: 'Clear To Date' }));
    expect(changes.at(-1)).toEqual({ from: null, to: null });
  });
});

function One({ picked }: { picked: (string | null)[] }) {
  const [value, setValue] = useState<string | null>('2025-03-05');
  return (
    <DatePickerField
      value={value}
      onChange={(v) => {
        picked.push(v);
        setValue(v);
      }}
    />
  );
}

describe('DatePickerField', { timeout: 20_000 }, () => {
  it('is labelled Select Date and reports the chosen API day', async () => {
    const user = userEvent.setup({ delay: null });
    const picked: (string | null)[] = [];
    renderUi(<One picked={picked} />);
    expect(field('Select Date').textContent).toBe('05-Mar-2025');
    expect(screen.getByRole('button', { name: 'Select Date: 05-Mar-2025' })).toBeTruthy();
    await user.click(field('Select Date'));
    await user.click(screen.getByRole('button', { name: '12 March 2025' }));
    expect(picked).toEqual(['2025-03-12']);
    expect(field('Select Date').textContent).toBe('12-Mar-2025');
  });
});
