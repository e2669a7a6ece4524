import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

/** The first thing to fill in of a form in a dialog: where focus starts. */
const FIRST_FIELD = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  '[role="spinbutton"]:not([aria-disabled="true"])',
  'button[aria-haspopup="listbox"]:not([disabled])',
]
  .map((s) => `form ${s}`)
  .join(', ');

/**
 * A modal dialog: focus moves in, onto its form's first field when it has one, and stays, Escape or the close button closes it, and focus goes
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
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal-overlay">
      <Modal className={`modal ${size}`}>
        <AriaDialog ref={ref} className="dialog">
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
