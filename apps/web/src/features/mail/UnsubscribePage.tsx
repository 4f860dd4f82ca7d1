import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { unsubscribe } from './api/email';

/** What each link stops: its page's title and question (the answer then says what was turned off). */
const MAILS = {
  statement: { title: 'mail.unsubscribe.statementTitle', question: 'mail.unsubscribe.statementQuestion' },
  digest: { title: 'mail.unsubscribe.digestTitle', question: 'mail.unsubscribe.digestQuestion' },
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
  const { t, language } = useMessages();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('mail.unsubscribe.documentTitle', { title: t(mail.title) });
  }, [mail.title, language]);
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
          {t(mail.title)}
        </Title>
        {outcome ? (
          <Text role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</Text>
        ) : (
          <>
            <Text>{t(mail.question)}</Text>
            <Button onClick={stop} loading={pending} color="dark">
              {t('mail.unsubscribe.stop')}
            </Button>
          </>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          {t('mail.goToSignIn')}
        </Anchor>
      </Stack>
    </Container>
  );
}
