import { type MantineSize, Text } from '@mantine/core';

/** What an action came to, said where it was done: a status when it went through, an alert when it was refused. */
export function Outcome({ message, size = 'sm' }: { message: { ok: boolean; text: string } | null; size?: MantineSize }) {
  if (!message) return null;
  return (
    <Text role={message.ok ? 'status' : 'alert'} size={size}>
      {message.text}
    </Text>
  );
}
