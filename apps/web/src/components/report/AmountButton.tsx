import { UnstyledButton } from '@mantine/core';
import { formatAmount } from '../../lib/format';
import { NEGATIVE_COLOR } from '../ui';

/**
 * An amount that opens a popup about it: underlined like a link, red when negative (docs/screens.md,
 * Every report screen), and named with the amount first so a screen reader hears the figure, then what it does.
 */
export function AmountButton({ value, description, onClick }: { value: number; description: string; onClick: () => void }) {
  const text = formatAmount(value);
  return (
    <UnstyledButton
      onClick={onClick}
      aria-label={`${text}: ${description}`}
      fz="sm"
      td="underline"
      style={{ whiteSpace: 'nowrap', color: value < 0 ? NEGATIVE_COLOR : 'var(--mantine-color-blue-9)' }}
    >
      {text}
    </UnstyledButton>
  );
}
