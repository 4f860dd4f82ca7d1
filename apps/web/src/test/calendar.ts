import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** A calendar control is disabled (Mantine marks it both ways, depending on the control). */
function isDisabled(element: HTMLElement): boolean {
  return element.hasAttribute('disabled') || element.getAttribute('data-disabled') === 'true';
}

/**
 * Opens the date field named `field` (its accessible name, e.g. 'From Date: 01-Jan-2000') and
 * says whether its calendar lets the user go to the month before or after the one it shows, then
 * closes it again.
 */
export async function calendarMoves(user: UserEvent, field: string): Promise<{ previous: boolean; next: boolean }> {
  const input = screen.getByLabelText(field);
  await user.click(input);
  // The field names its calendar (aria-controls); jsdom has no layout, so the calendar counts as hidden.
  const calendar = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`${field}: no calendar opened`);
    return found;
  });
  const previous = within(calendar).getByRole('button', { name: 'Previous month', hidden: true });
  const next = within(calendar).getByRole('button', { name: 'Next month', hidden: true });
  const moves = { previous: !isDisabled(previous), next: !isDisabled(next) };
  await user.keyboard('{Escape}');
  return moves;
}
