import { LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { message } from '../../../lib/i18n/messages';

/** While fetching: a loader over the table, and 'Loading…' for screen readers. */
export function LoadingCover({ visible }: { visible: boolean }) {
  return (
    <>
      <LoadingOverlay visible={visible} zIndex={2} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
      {visible && <VisuallyHidden role="status">{message('report.loadingTable')}</VisuallyHidden>}
    </>
  );
}
