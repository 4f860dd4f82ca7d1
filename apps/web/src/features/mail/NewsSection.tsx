import { Button, Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { FIELD_LABELS, formatPoints, isRole, mayCall } from '@playrep/contracts';
import { useState } from 'react';
import { Outcome } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { useSession } from '../../lib/session';
import { useMailNews, useMailNewsChanges } from './api/mail-news';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

/**
 * The account page's news by email (docs/screens.md, "Account page: News by email"), for agents
 * and managers: the daily digest on or off at an hour (IST), "Send me the digest now", and big-win
 * alerts on or off, which use the threshold set on Today. Both go only to a confirmed address.
 */
export function NewsSection() {
  const { session } = useSession();
  const allowed = session !== null && isRole(session.role) && mayCall(session.role, 'mailNews');
  const state = useMailNews(allowed);
  const { setDigest, digestNow, setBigWins } = useMailNewsChanges();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { t, label } = useMessages();
  if (!allowed) return null;
  const report = {
    onSuccess: (answer: { message: string }) => setMessage({ ok: true, text: answer.message }),
    onError: (error: unknown) => setMessage({ ok: false, text: errorMessage(error) }),
  };
  const data = state.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="news-section-title">
      <Title order={2} size="h4" id="news-section-title">
        {t('mail.news.title')}
      </Title>
      {state.error && <Text role="alert">{errorMessage(state.error)}</Text>}
      {data && (
        <>
          {!data.emailConfirmed && <Text size="sm">{t('mail.news.confirmFirst')}</Text>}
          <Group gap="md" align="flex-end" wrap="wrap">
            <Switch
              label={label(FIELD_LABELS.digestEmails.on)}
              checked={data.digestEmails}
              disabled={!data.emailConfirmed && !data.digestEmails}
              onChange={(event) => setDigest.mutate({ on: event.currentTarget.checked, hour: data.digestHour }, report)}
            />
            <NativeSelect
              label={label(FIELD_LABELS.digestEmails.hour)}
              data={HOURS}
              value={String(data.digestHour)}
              onChange={(event) => setDigest.mutate({ on: data.digestEmails, hour: Number(event.currentTarget.value) }, report)}
              w={120}
            />
            <Button
              variant="default"
              loading={digestNow.isPending}
              disabled={!data.emailConfirmed}
              onClick={() => digestNow.mutate(undefined, report)}
            >
              {t('mail.news.digestNow')}
            </Button>
          </Group>
          <Text size="sm">{t('mail.news.digestHint')}</Text>
          <Switch
            label={label(FIELD_LABELS.bigWinEmails.on)}
            checked={data.bigWinEmails}
            disabled={!data.emailConfirmed && !data.bigWinEmails}
            onChange={(event) => setBigWins.mutate(event.currentTarget.checked, report)}
          />
          <Text size="sm">{t('mail.news.bigWinsHint', { points: formatPoints(data.bigWinThreshold) })}</Text>
        </>
      )}
      <Outcome message={message} />
    </Stack>
  );
}
