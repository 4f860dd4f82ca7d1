import { Anchor, Container, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { landingPathFor } from '../../config/navigation';
import { LOGIN_PATH } from '../../config/paths';
import { useMessages } from '../../lib/i18n/messages';
import { useSession } from '../../lib/session';
import { TwoStepSection } from './TwoStepSection';

/**
 * The caller's two-step sign-in on a page of its own (`/auth/two-step`): where a role of
 * REQUIRE_TWO_STEP lands after signing in until it is on, and a way to it before the account page
 * holds the section.
 */
export default function TwoStepPage() {
  const { session } = useSession();
  const { t, language } = useMessages();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('identity.twoStep.documentTitle');
  }, [language]);
  const reports = session ? landingPathFor(session.role) : null;
  return (
    <Container size="sm" py="xl" component="main" id="main-content">
      <Stack>
        <Title order={1} size="h2">
          {t('identity.twoStep.title')}
        </Title>
        <TwoStepSection />
        <Anchor component={Link} to={reports ?? LOGIN_PATH}>
          {reports ? t('identity.twoStep.toReports') : t('identity.goToSignIn')}
        </Anchor>
      </Stack>
    </Container>
  );
}
