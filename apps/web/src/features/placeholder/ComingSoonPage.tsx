import { Text } from '@mantine/core';
import { PageFrame } from '../../app/page-frame';
import type { ScreenPageProps } from '../../config/navigation';

/** The body of a screen whose report is not built yet, inside the real layout. */
export default function ComingSoonPage({ screen }: ScreenPageProps) {
  return (
    <PageFrame title={screen.label}>
      <Text>Coming soon: this report is not available yet.</Text>
    </PageFrame>
  );
}
