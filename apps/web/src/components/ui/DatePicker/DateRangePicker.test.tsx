import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIst } from '../../../lib/format';
import { renderUi } from '../test-utils';
import { DatePickerField } from './DatePickerField';
import { DateRangePicker } from './DateRangePicker';
import { type DateRange, withFrom, withTo } from './date-pairing';

const changes: DateRange[] = [];

function Harness({ initial, minDate, maxDate }: { initial: DateRange; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker
      minDate={minDate}
      maxDate={maxDate}
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

/** The calendar's name of a day: '28 March 2025'. */
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Independent date arithmetic for expectations: UTC days, 86 400 000 ms each. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('date pairing rules', () => {
  it('From sets To = From + 6, To sets From = To - 6, across month and year ends', () => {
    expect(withFrom({ from: null, to: null }, '2025-03-28')).toEqual({ from: '2025-03-28', to: '2025-04-03' });
    expect(withTo({ from: null, to: null }, '2025-01-03')).toEqual({ from: '2024-12-28', to: '2025-01-03' });
    expect(withFrom({ from: null, to: null }, '2024-02-26')).toEqual({ from: '2024-02-26', to: '2024-03-03' });
  });

  it('From near the latest day sets To to that day, not past it', () => {
    expect(withFrom({ from: null, to: null }, '2025-03-10', 6, '2025-03-12')).toEqual({ from: '2025-03-10', to: '2025-03-12' });
    expect(withFrom({ from: null, to: null }, '2025-03-01', 6, '2025-03-12')).toEqual({ from: '2025-03-01', to: '2025-03-07' });
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

  it('has a Today button that picks the IST day; To then stays today, not a day next week', async () => {
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: null, to: null }} />);
    await user.click(field('From Date'));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = todayIst();
    expect(changes.at(-1)).toEqual({ from: today, to: today });
    // Three days ago: To stops at today.
    await user.click(field('From Date'));
    const threeDaysAgo = shift(today, -3);
    if (!screen.queryByRole('button', { name: dayName(threeDaysAgo) })) {
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
    }
    await user.click(screen.getByRole('button', { name: dayName(threeDaysAgo) }));
    expect(changes.at(-1)).toEqual({ from: threeDaysAgo, to: today });
  });

  it('refuses the days after today (IST) in both calendars', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<Harness initial={{ from: null, to: null }} />);
    const tomorrow = shift(todayIst(), 1);
    for (const label of ['From Date', 'To Date']) {
      await user.click(field(label));
      // Tomorrow may be in the next month's page: look there too. On the last day of a month
      // the calendar does not open the next one at all, which refuses tomorrow as well.
      if (!screen.queryByRole('button', { name: dayName(tomorrow) })) {
        const next = screen.getByRole('button', { name: 'Next month' });
        if (next.hasAttribute('disabled') || next.getAttribute('data-disabled') === 'true') {
          expect(tomorrow.slice(8), label).toBe('01');
          await user.keyboard('{Escape}');
          continue;
        }
        await user.click(next);
      }
      const day = screen.getByRole('button', { name: dayName(tomorrow), hidden: true });
      expect(day.hasAttribute('disabled') || day.getAttribute('data-disabled') === 'true', label).toBe(true);
      await user.keyboard('{Escape}');
    }
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

describe('DateRangePicker range presets', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fixed clock: Wednesday 25 November 2026, noon IST. Only Date is faked, so the user events still run. */
  const fixClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T06:30:00Z'));
  };
  const range = () => screen.getByRole('combobox', { name: 'Range' }) as HTMLInputElement;

  it('offers the six presets by name, in order', async () => {
    fixClock();
    const user = userEvent.setup({ delay: null });
    renderUi(<Harness initial={{ from: null, to: null }} />);
    await user.click(range());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'This week',
      'Last week',
      'Last 4 weeks',
      'Last 12 weeks',
      'This month',
      'Last month',
    ]);
  });

  it('picking Last week sets both dates to last Monday .. Sunday, and the list names it', async () => {
    fixClock();
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: '2025-03-01', to: '2025-03-07' }} />);
    expect(range().value).toBe('');
    await user.click(range());
    await user.click(screen.getByRole('option', { name: 'Last week' }));
    expect(changes.at(-1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(field('From Date').textContent).toBe('16-Nov-2026');
    expect(field('To Date').textContent).toBe('22-Nov-2026');
    expect(range().value).toBe('Last week');

    // This month ends today, not at the month's end.
    await user.click(range());
    await user.click(screen.getByRole('option', { name: 'This month' }));
    expect(field('From Date').textContent).toBe('01-Nov-2026');
    expect(field('To Date').textContent).toBe('25-Nov-2026');

    // A date picked by hand no longer matches a preset: the list goes back to its placeholder.
    await user.click(field('To Date'));
    await user.click(screen.getByRole('button', { name: '20 November 2026' }));
    expect(changes.at(-1)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(range().value).toBe('');
  });

  it('can be chosen with the keyboard alone', async () => {
    fixClock();
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: null, to: null }} />);
    range().focus();
    // Open the list, move to the second preset (Last week), choose it.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(changes.at(-1)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it("keeps to the screen's earliest and latest days", async () => {
    fixClock();
    const user = userEvent.setup({ delay: null });
    changes.length = 0;
    renderUi(<Harness initial={{ from: null, to: null }} minDate="2026-11-10" maxDate="2026-11-20" />);
    await user.click(range());
    // Last month (October) has no allowed day: not offered.
    expect(screen.queryByRole('option', { name: 'Last month' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'This month' }));
    expect(changes.at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-20' });
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
