import { UnstyledButton } from '@mantine/core';
import { formatAmount } from '../../../lib/format';

/**
 * A profit that opens a popup: looks like a link, red when negative (spec section 9), and its
 * accessible name starts with the amount shown.
 */
export function AmountButton({ value, description, onClick }: { value: number; description: string; onClick: () => void }) {
  const text = formatAmount(value);
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`${text}: ${description}`}
      fz="sm"
      td="underline"
      c={value < 0 ? 'red.9' : 'blue.9'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {text}
    </UnstyledButton>
  );
}

/** An account id that opens a popup about it. */
export function IdButton({ username, description, onClick }: { username: string; description: string; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={`${username}: ${description}`} fz="sm" td="underline" c="blue.9">
      {username}
    </UnstyledButton>
  );
}
