import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { Popup } from './Popup';

function Opener() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open week
      </button>
      <Popup opened={opened} onClose={() => setOpened(false)} title="Week Details">
        <p>Gift points 0.00</p>
      </Popup>
    </>
  );
}

describe('Popup', { timeout: 20_000 }, () => {
  it('opens as a dialog named by its title', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<Opener />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open week' }));
    expect(screen.getByRole('dialog', { name: 'Week Details' })).toBeTruthy();
    expect(screen.getByText('Gift points 0.00')).toBeTruthy();
  });

  it('closes on the Close control', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open week' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open week' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
