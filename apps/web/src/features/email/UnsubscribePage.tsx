import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { unsubscribe } from './api/email';

/**
 * The page the unsubscribe link of a weekly statement opens (`/mail/unsubscribe?account&token`),
 * without signing in. It asks first (a link scanner opening it changes nothing); mail programs
 * use the one-click call of the mail's List-Unsubscribe header instead (RFC 8058).
 */
export default function UnsubscribePage() {
  const params = new URLSearchParams(window.location.search);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    document.title = 'Weekly statement emails | Playrep Back Office';
  }, []);
  const stop = () => {
    setPending(true);
    unsubscribe(params.get('account') ?? '', params.get('token') ?? '')
      .then(
        (answer) => setOutcome({ ok: true, message: answer.message }),
        (error: unknown) => setOutcome({ ok: false, message: errorMessage(error) }),
      )
      .finally(() => setPending(false));
  };
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1} size="h2">
          Weekly statement emails
        </Title>
        {outcome ? (
          <Text role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</Text>
        ) : (
          <>
            <Text>Stop emailing the weekly statement of this account? It stays on the Agent Mail and Manager Mail screens.</Text>
            <Button onClick={stop} loading={pending} color="dark">
              Stop these emails
            </Button>
          </>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          Go to the sign-in page
        </Anchor>
      </Stack>
    </Container>
  );
}
