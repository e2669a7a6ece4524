import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

/**
 * A modal dialog: focus moves in and stays, Escape or the close button closes it, and focus goes
 * back to the control that opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  size = 'medium',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal-overlay">
      <Modal className={`modal ${size}`}>
        <AriaDialog className="dialog">
          <header className="dialog-head">
            <Heading slot="title">{title}</Heading>
            <Button variant="quiet" className="icon" aria-label="Close" onPress={onClose}>
              ×
            </Button>
          </header>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
