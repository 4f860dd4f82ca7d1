import { Anchor, Group, Text } from '@mantine/core';
import type { ExportFormat } from '@playrep/contracts';
import { message } from '../../lib/i18n/messages';
import { OFFLINE_TEXT } from '../../lib/offline-text';
import { useOffline } from '../../lib/online';

export interface ExportLinksProps {
  /** The file of a format: a report call's `exportHref(params)`. */
  href: (format: ExportFormat) => string;
  /** Left out when the page is printed (the mail statement). */
  printHide?: boolean;
  /** Also a 'PDF' link: the statements (Agent Mail, Manager Mail, Revenue's week popup) have one. */
  pdf?: boolean;
}

/**
 * 'Download: CSV Excel' (and 'PDF' for a statement): links to the files the server builds for the
 * same call, so a file holds exactly what the screen asked for (the columns of the contracts'
 * export sheets).
 */
export function ExportLinks({ href, printHide = false, pdf = false }: ExportLinksProps) {
  // The server builds the files: offline there is nothing to download, and no link pretends otherwise.
  if (useOffline()) {
    return (
      <Group gap="xs" justify="flex-end" mb={4} data-print-hide={printHide || undefined}>
        <Text size="sm">
          {message('report.download')} {OFFLINE_TEXT.needsConnection}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" justify="flex-end" mb={4} data-print-hide={printHide || undefined}>
      <Text size="sm">{message('report.download')}</Text>
      <Anchor size="sm" href={href('csv')} download>
        CSV
      </Anchor>
      <Anchor size="sm" href={href('xlsx')} download>
        Excel
      </Anchor>
      {pdf && (
        <Anchor size="sm" href={href('pdf')} download>
          PDF
        </Anchor>
      )}
    </Group>
  );
}
