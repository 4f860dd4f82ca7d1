import { Code, Stack, Text } from '@mantine/core';
import type { MailOutboxRow } from '@playrep/contracts';
import { useState } from 'react';
import { Popup } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { DataText } from '../../../lib/i18n/data-text';
import { useMessages } from '../../../lib/i18n/messages';
import { useMailPreview } from '../api/mail-preview';
import { MAIL_STATE_NAMES } from './mail-names';

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
  const { t, label } = useMessages();
  return (
    <Popup
      opened={mail !== null}
      onClose={onClose}
      title={shown ? <span translate="no">{shown.subject}</span> : label('Mail')}
      size="xl"
    >
      {error ? (
        <Text role="alert">{errorMessage(error)}</Text>
      ) : !data ? (
        <Text role="status">{t('report.loadingTable')}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <DataText
              id="mail.preview.to"
              values={{ state: t(MAIL_STATE_NAMES[data.mail.state]) }}
              data={{ recipient: data.mail.recipient }}
            />
            {/* The mail server's own words, as it answered. */}
            {data.mail.lastAnswer && <span translate="no">{` · ${data.mail.lastAnswer}`}</span>}
          </Text>
          <Text size="sm">{data.asSent ? t('mail.preview.asSent') : t('mail.preview.notSent')}</Text>
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }}
            tabIndex={0}
            translate="no"
            aria-label={t('mail.preview.body')}
          >
            {data.text}
          </Code>
          {data.attachments.length > 0 && (
            <Text size="sm">
              <DataText id="mail.preview.attached" data={{ names: data.attachments.join(', ') }} />
            </Text>
          )}
          {data.text.includes('(hidden)') && (
            <Text size="sm">
              <DataText id="mail.preview.hidden" data={{ hidden: '(hidden)' }} />
            </Text>
          )}
        </Stack>
      )}
    </Popup>
  );
}
