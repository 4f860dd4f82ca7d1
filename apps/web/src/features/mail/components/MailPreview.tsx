import { Code, Stack, Text } from '@mantine/core';
import type { MailOutboxRow } from '@playrep/contracts';
import { useState } from 'react';
import { Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useMailPreview } from '../api/mail-preview';

/**
 * One mail in a popup: subject, recipient, the body as plain text (as it was sent, or as it would
 * be built now for a statement not sent yet), its links' secrets hidden by the server, and its
 * attachments' names. Each opening is recorded in the activity.
 */
export function MailPreview({ mail, onClose }: { mail: MailOutboxRow | null; onClose: () => void }) {
  // The last mail stays shown while the popup fades out.
  const [shown, setShown] = useState(mail);
  if (mail && mail !== shown) setShown(mail);
  const preview = useMailPreview({ mailId: shown?._id ?? '' }, { enabled: shown !== null, keepPrevious: false });
  const { data, error } = preview;
  return (
    <Popup opened={mail !== null} onClose={onClose} title={shown ? shown.subject : 'Mail'} size="xl">
      {error ? (
        <Text role="alert">{errorMessage(error)}</Text>
      ) : !data ? (
        <Text role="status">Loading…</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            To {data.mail.recipient} · {data.mail.stateLabel}
            {data.mail.lastAnswer ? ` · ${data.mail.lastAnswer}` : ''}
          </Text>
          <Text size="sm">{data.asSent ? 'The body as it was written.' : 'Not sent yet: the body as it would be sent now.'}</Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}
            tabIndex={0}
            aria-label="Body of the mail"
          >
            {data.text}
          </Code>
          {data.attachments.length > 0 && <Text size="sm">Attached: {data.attachments.join(', ')}</Text>}
          {data.text.includes('(hidden)') && (
            <Text size="sm">Links that carry a secret show it as (hidden): this preview cannot be used to open them.</Text>
          )}
        </Stack>
      )}
    </Popup>
  );
}
