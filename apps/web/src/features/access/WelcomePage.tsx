import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { LinkInfoResponse } from '@playrep/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { landingPathFor } from '../../config/navigation';
import { LOGIN_PATH } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { sessionFromSignIn, useSession } from '../../lib/session';
import { linkInfo, redeemLink } from './api/access';
import { type NewPassword, NewPasswordFields } from './components/NewPasswordFields';

/**
 * The page a sign-in link opens (`/auth/welcome#<secret>`), without signing in: it names the
 * account and who invited it, asks for a new password twice, and using it signs the person in
 * and opens its reports. The secret stays after `#`: no server log or referrer sees it.
 */
export default function WelcomePage() {
  const navigate = useNavigate();
  const { start } = useSession();
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const [link, setLink] = useState<LinkInfoResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<NewPassword>({ password: '', problem: 'Type a new password.' });
  const [pending, setPending] = useState(false);
  const onChange = useCallback((value: NewPassword) => setChoice(value), []);

  useEffect(() => {
    document.title = 'Welcome | Playrep Back Office';
    linkInfo(token).then(setLink, (error: unknown) => setFailure(errorMessage(error)));
  }, [token]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (choice.problem) return;
    setPending(true);
    try {
      const result = await redeemLink(token, choice.password);
      const session = sessionFromSignIn(result);
      const landing = landingPathFor(result.user.role);
      if (session && landing) {
        start(session);
        void navigate(landing, { replace: true });
      }
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
  };

  return (
    <Container size="xs" py="xl">
      <Stack component="main">
        <Title order={1} size="h2">
          {link?.purpose === 'reset' ? 'Choose a new password' : 'Welcome to Playrep'}
        </Title>
        {failure && <Text role="alert">{failure}</Text>}
        {link && (
          <form onSubmit={(event) => void submit(event)} aria-label="Choose your password">
            <Stack>
              <Text>
                Account: <strong>{link.username}</strong>
                {link.invitedBy && <> · invited by {link.invitedBy}</>}
              </Text>
              <NewPasswordFields username={link.username} onChange={onChange} />
              <Button type="submit" loading={pending} disabled={choice.problem !== null}>
                Set password and sign in
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={LOGIN_PATH}>
          Go to the sign-in page
        </Anchor>
      </Stack>
    </Container>
  );
}
