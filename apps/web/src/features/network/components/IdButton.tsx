import { UnstyledButton } from '@mantine/core';

/** An account id that opens a popup about it. */
export function IdButton({ username, description, onClick }: { username: string; description: string; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={`${username}: ${description}`} fz="sm" td="underline" c="blue.9">
      {username}
    </UnstyledButton>
  );
}
