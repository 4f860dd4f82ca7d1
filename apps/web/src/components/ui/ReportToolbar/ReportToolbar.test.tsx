import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-utils';
import { ReportToolbar } from './ReportToolbar';

describe('ReportToolbar', { timeout: 20_000 }, () => {
  it('submits on the button and on Enter in an input', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderUi(
      <ReportToolbar onSubmit={onSubmit}>
        <TextInput label="Member ID" />
      </ReportToolbar>,
    );
    expect(screen.getByRole('form', { name: 'Report filters' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Member ID'), 'player1{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('takes the screen button label and disables the button while loading', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderUi(<ReportToolbar onSubmit={onSubmit} submitLabel="Search" loading />);
    const button = screen.getByRole('button', { name: /Search/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
