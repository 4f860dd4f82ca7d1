import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { message } from '../../../lib/i18n/messages';

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  /** Shown as the dialog heading and used as its accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Mantine modal size; default 'lg'. */
  size?: string | number;
}

/** A dialog with a title and a close control; closes on the control, on Escape and on the overlay. */
export function Popup({ opened, onClose, title, children, size = 'lg' }: PopupProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      // Mantine's close button has no accessible name of its own (axe flags it).
      closeButtonProps={{ 'aria-label': message('report.close') }}
    >
      {children}
    </Modal>
  );
}
