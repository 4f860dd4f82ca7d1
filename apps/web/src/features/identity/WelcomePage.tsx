import { Anchor, Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { type LinkInfoResponse, type LoginResponse, TWO_STEP_MESSAGES } from '@playrep/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { landingPathFor } from '../../config/navigation';
import { LOGIN_PATH, TWO_STEP_PATH } from '../../config/paths';
import { errorMessage, isApiError } from '../../lib/api-client';
import { DataText } from '../../lib/i18n/data-text';
import { useMessages } from '../../lib/i18n/messages';
import { sessionFromSignIn, useSession } from '../../lib/session';
import { textField } from '../../lib/text-field';
import { linkInfo, redeemLink, signInWithCode } from './api/access';
import { type NewPassword, NewPasswordFields } from './components/NewPasswordFields';

/**
 * The page a sign-in link opens (`/auth/welcome#<secret>`), without signing in: it names the
 * account and who invited it, asks for a new password twice, and using it signs the person in
 * and opens its reports. With two-step sign-in on, the link sets the password and the page then
 * asks for the code (or a recovery code): the session opens only once it is right. The secret
 * stays after `#`: no server log or referrer sees it.
 */
export default function WelcomePage() {
  const navigate = useNavigate();
  const { start } = useSession();
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [link, setLink] = useState<LinkInfoResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<NewPassword>({ password: '', problem: 'Type a new password.' });
  const [pending, setPending] = useState(false);
  // The link has set the password; two-step sign-in is on: the code comes next.
  const [codeAsked, setCodeAsked] = useState(false);
  const [code, setCode] = useState('');
  const onChange = useCallback((value: NewPassword) => setChoice(value), []);
  const { t, language } = useMessages();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('identity.welcome.documentTitle');
  }, [language]);
  useEffect(() => {
    linkInfo(token).then(setLink, (error: unknown) => setFailure(errorMessage(error)));
  }, [token]);

  const signedIn = (result: LoginResponse) => {
    const session = sessionFromSignIn(result);
    // A role that must use two-step sign-in sets it up first (REQUIRE_TWO_STEP).
    const landing = result.twoStepSetupRequired ? TWO_STEP_PATH : landingPathFor(result.user.role);
    if (session && landing) {
      start(session);
      void navigate(landing, { replace: true });
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (choice.problem) return;
    setPending(true);
    setFailure(null);
    try {
      signedIn(await redeemLink(token, choice.password));
    } catch (error) {
      // The server asks for the code in the language the page reads.
      if (isApiError(error) && [TWO_STEP_MESSAGES.codeNeeded, t('login.codeNeeded')].includes(error.message)) setCodeAsked(true);
      setFailure(errorMessage(error));
      setPending(false);
    }
  };

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!link || code.trim() === '') return;
    setPending(true);
    setFailure(null);
    try {
      signedIn(await signInWithCode(link.username, choice.password, code.trim()));
    } catch (error) {
      setCode('');
      setFailure(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <Container size="xs" py="xl">
      <Stack component="main">
        <Title order={1} size="h2">
          {link?.purpose === 'reset' ? t('identity.welcome.resetTitle') : t('identity.welcome.title')}
        </Title>
        {failure && <Text role="alert">{failure}</Text>}
        {link && !codeAsked && (
          <form onSubmit={(event) => void submit(event)} aria-label={t('identity.welcome.form')}>
            <Stack>
              <Text>
                <DataText id="identity.welcome.account" data={{ username: <strong>{link.username}</strong> }} />
                {link.invitedBy && <DataText id="identity.welcome.invitedBy" data={{ username: link.invitedBy }} />}
              </Text>
              <NewPasswordFields username={link.username} onChange={onChange} />
              <Button type="submit" loading={pending} disabled={choice.problem !== null}>
                {t('identity.welcome.submit')}
              </Button>
            </Stack>
          </form>
        )}
        {link && codeAsked && (
          <form onSubmit={(event) => void submitCode(event)} aria-label={t('identity.twoStep.title')}>
            <Stack>
              <Text>
                <DataText id="identity.welcome.codeAsked" data={{ username: <strong>{link.username}</strong> }} />
              </Text>
              <TextInput
                label={t('identity.welcome.code')}
                {...textField(code, setCode)}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
              />
              <Button type="submit" loading={pending} disabled={code.trim() === ''}>
                {t('identity.welcome.signIn')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          {t('identity.goToSignIn')}
        </Anchor>
      </Stack>
    </Container>
  );
}
