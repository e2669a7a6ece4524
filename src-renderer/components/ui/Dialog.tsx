import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { defineMessage, useIntl } from 'react-intl';
import { Button } from './Button';
import { TIMES } from './marks';

const CLOSE = defineMessage({ id: 'ui.dialog.close', defaultMessage: 'Close' });

/** The first thing to fill in of a form in a dialog: where focus starts. */
const FIRST_FIELD = [
  // A select's hidden native copy is out of the tab order: not a field to start on.
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"])',
  'textarea:not([disabled]):not([tabindex="-1"])',
  '[role="spinbutton"]:not([aria-disabled="true"])',
  'button[aria-haspopup="listbox"]:not([disabled])',
]
  .map((s) => `form ${s}`)
  .join(', ');

/**
 * A confirmation's way out: in the dialog's own actions beside a danger button (Delete, Withdraw),
 * the plain one (Cancel, Keep it). Focus starts there, so Enter pressed at once destroys nothing.
 */
function safeButton(dialog: HTMLElement): HTMLElement | null {
  const actions = [...dialog.children].find((c) => c.matches('.actions') && c.querySelector('.button.danger'));
  return actions?.querySelector<HTMLElement>('.button:not(.danger):not(.primary)') ?? null;
}

/** Where focus starts in a dialog: its form's first field, or a confirmation's safe button. */
const startOf = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>(FIRST_FIELD) ?? safeButton(dialog);

/**
 * A modal dialog: focus moves in, onto its form's first field when it has one (once it is shown,
 * when the form loads after the dialog opens) or a confirmation's safe button, and stays; Escape or
 * the close button closes it, and focus goes back to the control that opened it.
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
  const intl = useIntl();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Placed once: later, focus is where the person put it. Until then (the dialog itself holds
    // focus, as react-aria gives it, or focus is still outside), a field that appears takes it.
    const place = () => {
      const active = document.activeElement;
      if (active && active !== dialog && dialog.contains(active)) return true;
      const start = startOf(dialog);
      start?.focus();
      return Boolean(start);
    };
    if (place()) return;
    const watch = new MutationObserver(() => {
      if (place()) watch.disconnect();
    });
    watch.observe(dialog, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="modal-overlay">
      <Modal className={`modal ${size}`}>
        <AriaDialog ref={ref} className="dialog">
          <header className="dialog-head">
            <Heading slot="title">{title}</Heading>
            <Button variant="quiet" className="icon" aria-label={intl.formatMessage(CLOSE)} onPress={onClose}>
              {TIMES}
            </Button>
          </header>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
