import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { type AccordionSection, ReportAccordion } from './ReportAccordion';

const titles = ['Point Transferred', 'Points Received', 'Points Rejected'];
const sections: AccordionSection[] = titles.map((title, i) => ({ id: `s${i}`, title, content: <p>{`${title} table`}</p> }));

const control = (title: string) => screen.getByRole('button', { name: title });
const expanded = () => titles.filter((t) => control(t).getAttribute('aria-expanded') === 'true');

function Controlled({ seen }: { seen: (string | null)[] }) {
  const [value, setValue] = useState<string | null>('s2');
  return (
    <ReportAccordion
      sections={sections}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('ReportAccordion', { timeout: 20_000 }, () => {
  it('starts with the first section open and only that one', () => {
    renderUi(<ReportAccordion sections={sections} />);
    expect(expanded()).toEqual(['Point Transferred']);
    expect(screen.getByText('Point Transferred table')).toBeTruthy();
  });

  it('opening another closes the open one, and clicking the open one closes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<ReportAccordion sections={sections} />);
    await user.click(control('Points Received'));
    expect(expanded()).toEqual(['Points Received']);
    await user.click(control('Points Rejected'));
    expect(expanded()).toEqual(['Points Rejected']);
    await user.click(control('Points Rejected'));
    expect(expanded()).toEqual([]);
    await user.click(control('Point Transferred'));
    expect(expanded()).toEqual(['Point Transferred']);
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<ReportAccordion sections={sections} />);
    control('Point Transferred').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(control('Points Received'));
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual(['Points Received']);
    await user.keyboard(' ');
    expect(expanded()).toEqual([]);
  });

  it('puts titles in headings', () => {
    renderUi(<ReportAccordion sections={sections} headingOrder={2} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(titles);
  });

  it('can be controlled, for example from the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const seen: (string | null)[] = [];
    renderUi(<Controlled seen={seen} />);
    expect(expanded()).toEqual(['Points Rejected']);
    await user.click(control('Points Rejected'));
    await user.click(control('Point Transferred'));
    expect(seen).toEqual([null, 's0']);
  });

  it('can start with none open', () => {
    renderUi(<ReportAccordion sections={sections} defaultValue={null} />);
    expect(expanded()).toEqual([]);
  });
});
