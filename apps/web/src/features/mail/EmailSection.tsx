import { Badge, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { FIELD_LABELS } from '@playrep/contracts';
import { useState } from 'react';
import { Outcome } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
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
  return (
    <Stack gap="xs" component="section" aria-labelledby="email-section-title">
      <Title order={2} size="h4" id="email-section-title">
        Email
      </Title>
      {state.error && <Text role="alert">{errorMessage(state.error)}</Text>}
      {data && (
        <>
          <Group gap="xs">
            <Text>{data.email ?? 'No email address'}</Text>
            {data.email && (
              <Badge color={data.verified ? 'teal.9' : 'yellow.3'} c={data.verified ? 'white' : 'dark.9'} variant="filled">
                {data.verified ? 'Confirmed' : 'Not confirmed'}
              </Badge>
            )}
          </Group>
          {data.pending && (
            <Text size="sm">
              Waiting for confirmation: {data.pending.email} (the link mailed to it works until{' '}
              {formatDateTime(data.pending.expiresAt)}).
            </Text>
          )}
          <Group align="flex-end" gap="xs">
            <TextInput label={FIELD_LABELS.setEmail.email} type="email" {...textField(draft, setDraft)} w={260} />
            <Button
              color="dark"
              loading={setEmail.isPending}
              onClick={() => setEmail.mutate(draft.trim(), report)}
              disabled={draft.trim() === ''}
            >
              Send confirmation link
            </Button>
            {data.email && (
              <Button variant="default" onClick={() => setEmail.mutate(null, report)}>
                Remove address
              </Button>
            )}
          </Group>
          <Switch
            label="Email me my weekly statement"
            checked={data.statementEmails}
            onChange={(event) => setStatements.mutate(event.currentTarget.checked, report)}
          />
        </>
      )}
      <Outcome message={message} />
    </Stack>
  );
}
