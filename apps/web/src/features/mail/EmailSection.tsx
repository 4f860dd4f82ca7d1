import { Badge, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { FIELD_LABELS } from '@playrep/contracts';
import { useState } from 'react';
import { Outcome } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { DataText } from '../../lib/i18n/data-text';
import { useMessages } from '../../lib/i18n/messages';
import { textField } from '../../lib/text-field';
import { useEmailChanges, useEmailState } from './api/email-address';

/**
 * The email section of the account page (docs/domain.md, "Access", "Account page"): the address
 * and its state, a new address (used once the link mailed to it is opened, within 24 hours), its
 * removal, and the weekly statement emails on or off.
 */
export function EmailSection() {
  const state = useEmailState();
  const { setEmail, setStatements } = useEmailChanges();
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const report = {
    onSuccess: (answer: { message: string }) => setMessage({ ok: true, text: answer.message }),
    onError: (error: unknown) => setMessage({ ok: false, text: errorMessage(error) }),
  };
  const data = state.data;
  const { t, label } = useMessages();
  return (
    <Stack gap="xs" component="section" aria-labelledby="email-section-title">
      <Title order={2} size="h4" id="email-section-title">
        {t('mail.email.title')}
      </Title>
      {state.error && <Text role="alert">{errorMessage(state.error)}</Text>}
      {data && (
        <>
          <Group gap="xs">
            {data.email ? <Text translate="no">{data.email}</Text> : <Text>{t('mail.email.none')}</Text>}
            {data.email && (
              <Badge color={data.verified ? 'teal.9' : 'yellow.3'} c={data.verified ? 'white' : 'dark.9'} variant="filled">
                {data.verified ? t('mail.email.confirmed') : t('mail.email.notConfirmed')}
              </Badge>
            )}
          </Group>
          {data.pending && (
            <Text size="sm">
              <DataText
                id="mail.email.waiting"
                data={{ email: data.pending.email, time: formatDateTime(data.pending.expiresAt) }}
              />
            </Text>
          )}
          <Group align="flex-end" gap="xs">
            <TextInput label={label(FIELD_LABELS.setEmail.email)} type="email" {...textField(draft, setDraft)} w={260} />
            <Button
              color="dark"
              loading={setEmail.isPending}
              onClick={() => setEmail.mutate(draft.trim(), report)}
              disabled={draft.trim() === ''}
            >
              {t('mail.email.send')}
            </Button>
            {data.email && (
              <Button variant="default" onClick={() => setEmail.mutate(null, report)}>
                {t('mail.email.remove')}
              </Button>
            )}
          </Group>
          <Switch
            label={t('mail.email.statements')}
            checked={data.statementEmails}
            onChange={(event) => setStatements.mutate(event.currentTarget.checked, report)}
          />
        </>
      )}
      <Outcome message={message} />
    </Stack>
  );
}
