import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { unsubscribe } from './api/email';

/** What each link stops: its page's title and question (the answer then says what was turned off). */
const MAILS = {
  statement: {
    title: 'Weekly statement emails',
    question: 'Stop emailing the weekly statement of this account? It stays on the Agent Mail and Manager Mail screens.',
  },
  digest: {
    title: 'Daily digest emails',
    question: 'Stop emailing the daily digest of this account? Today still shows the figures when you sign in.',
  },
} as const;

/**
 * The page the unsubscribe link of a weekly statement (`/mail/unsubscribe?account&token`) or of a
 * daily digest (`...&mail=digest`) opens, without signing in. It asks first (a link scanner opening it changes nothing); mail programs
 * use the one-click call of the mail's List-Unsubscribe header instead (RFC 8058).
 */
export default function UnsubscribePage() {
  const params = new URLSearchParams(window.location.search);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, setPending] = useState(false);
  const mailParam = params.get('mail');
  const mail = mailParam === 'digest' ? MAILS.digest : MAILS.statement;
  useEffect(() => {
    document.title = `${mail.title} | Playrep Back Office`;
  }, [mail.title]);
  const stop = () => {
    setPending(true);
    unsubscribe(params.get('account') ?? '', params.get('token') ?? '', mailParam)
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
          {mail.title}
        </Title>
        {outcome ? (
          <Text role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</Text>
        ) : (
          <>
            <Text>{mail.question}</Text>
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
