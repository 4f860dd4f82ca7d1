import { Anchor, Group, Text } from '@mantine/core';
import type { ExportFormat } from '@playrep/contracts';

/** 'Download: CSV Excel' links to the file the server builds for the same call (hidden in print). */
export function ExportLinks({ href }: { href: (format: ExportFormat) => string }) {
  return (
    <Group gap="xs" justify="flex-end" mb={4} data-print-hide>
      <Text size="sm">Download:</Text>
      <Anchor size="sm" href={href('csv')} download>
        CSV
      </Anchor>
      <Anchor size="sm" href={href('xlsx')} download>
        Excel
      </Anchor>
    </Group>
  );
}
