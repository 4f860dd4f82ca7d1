import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { confirmEmail } from './api/email';

/**
 * The page a confirmation link opens (`/auth/confirm-email#<secret>`), without signing in: it
 * confirms the address at once and says so, or says why it could not (used, replaced, expired).
 */
export default function ConfirmEmailPage() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const { t, language } = useMessages();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('mail.confirm.documentTitle');
  }, [language]);
  useEffect(() => {
    const token = window.location.hash.replace(/^#/, '');
    confirmEmail(token).then(
      (answer) => setOutcome({ ok: true, message: answer.message }),
      (error: unknown) => setOutcome({ ok: false, message: errorMessage(error) }),
    );
  }, []);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('mail.confirm.title')}
        </Title>
        <Text role={outcome ? (outcome.ok ? 'status' : 'alert') : 'status'}>
          {outcome ? outcome.message : t('mail.confirm.confirming')}
        </Text>
        <Anchor component={Link} to={LOGIN_PATH}>
          {t('mail.goToSignIn')}
        </Anchor>
      </Stack>
    </Container>
  );
}
