import { Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { FIELD_LABELS } from '@playrep/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { textField } from '../../lib/text-field';
import { forgotPassword } from './api/access';

/**
 * Forgot password (`/auth/forgot`): a username in, always the same answer out. Where the account
 * has a confirmed email address, a link to choose a new password is mailed to it; otherwise the
 * person asks its manager for a sign-in link.
 */
export default function ForgotPasswordPage() {
  const [username, setUsername] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const { t, label, language } = useMessages();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('identity.forgot.documentTitle');
  }, [language]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      setAnswer({ ok: true, text: (await forgotPassword(username)).message });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Container size="xs" py="xl">
      <Stack component="main">
        <Title order={1} size="h2">
          {t('identity.forgot.title')}
        </Title>
        <form onSubmit={(event) => void submit(event)} aria-label={t('identity.forgot.title')}>
          <Stack>
            <TextInput
              label={label(FIELD_LABELS.forgotPassword.username)}
              autoComplete="username"
              {...textField(username, setUsername)}
              required
            />
            <Button type="submit" loading={pending} disabled={username.trim() === ''}>
              {t('identity.forgot.submit')}
            </Button>
          </Stack>
        </form>
        {answer && <Text role={answer.ok ? 'status' : 'alert'}>{answer.text}</Text>}
        <Anchor component={Link} to={LOGIN_PATH}>
          {t('identity.forgot.back')}
        </Anchor>
      </Stack>
    </Container>
  );
}
