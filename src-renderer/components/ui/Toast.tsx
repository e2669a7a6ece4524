import { create } from 'zustand';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from './Button';
import { TIMES } from './marks';

const MESSAGES = defineMessages({
  region: { id: 'ui.toast.region', defaultMessage: 'Messages' },
  dismiss: { id: 'ui.toast.dismiss', defaultMessage: 'Dismiss' },
});

export interface ToastMessage {
  id: number;
  text: string;
  /** One action beside the text, such as "Undo". */
  action?: { label: string; run: () => void };
}

interface ToastState {
  toasts: ToastMessage[];
  show(text: string, action?: ToastMessage['action']): void;
  dismiss(id: number): void;
}

let nextId = 1;
const SHOWN_MS = 5_000;
/** How long a toast with an action ("Undo") stays. */
export const ACTION_SHOWN_MS = SHOWN_MS * 2;

/** Toasts waiting on screen: shown for a few seconds, longer when they offer an action. */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(text, action) {
    const id = nextId++;
    set({ toasts: [...get().toasts.slice(-2), { id, text, ...(action ? { action } : {}) }] });
    setTimeout(() => get().dismiss(id), action ? ACTION_SHOWN_MS : SHOWN_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shows a short message, read out politely: "Request sent", "Saved offline — will sync". */
export const toast = (text: string, action?: ToastMessage['action']) => useToasts.getState().show(text, action);

/**
 * Where toasts appear. One polite live region (react-aria's toasts are assertive alerts, which
 * would interrupt whatever a screen reader is saying for a routine confirmation).
 */
export function ToastRegion() {
  const intl = useIntl();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={intl.formatMessage(MESSAGES.region)}>
      {toasts.map((t) => (
        <div key={t.id} className="toast">
          <span>{t.text}</span>
          {t.action && (
            <Button
              variant="link"
              onPress={() => {
                t.action!.run();
                dismiss(t.id);
              }}
            >
              {t.action.label}
            </Button>
          )}
          <Button
            variant="quiet"
            className="icon"
            aria-label={intl.formatMessage(MESSAGES.dismiss)}
            onPress={() => dismiss(t.id)}
          >
            {TIMES}
          </Button>
        </div>
      ))}
    </div>
  );
}
