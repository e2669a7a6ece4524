import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import type { AnswerMap } from '@shared/appApi';
import { messageOf } from '@renderer/bridge/bridge';
import { toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';

const NOT_KEPT = defineMessage<{ error: string }>({
  id: 'forms.draft.notKept',
  defaultMessage: 'Your draft could not be kept on this computer: {error}',
});

/** How long typing pauses before the draft is kept. */
const SAVE_AFTER_MS = 500;

export interface Draft {
  /** null while the kept draft is read. */
  answers: AnswerMap | null;
  savedAt: string | null;
  change: (questionId: string, value: string) => void;
  /** Keeps what is typed now (closing, "Save draft"). */
  flush: () => Promise<void>;
  /** The answers were sent (which dropped the draft): nothing more to keep. */
  sent: () => void;
}

/**
 * The answers to one form, kept in the local cache as they are typed and read back when the form
 * is opened again (after a restart too). Leaving the form keeps what was typed since the last save.
 */
export function useDraft(formId: string, fallback: AnswerMap | null = null): Draft {
  const bridge = useBridge();
  const intl = useIntl();
  const [answers, setAnswers] = useState<AnswerMap | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const latest = useRef<AnswerMap>({});
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void bridge.call('forms.draft', { formId }).then(
      (draft) => {
        if (!live) return;
        latest.current = { ...(draft?.answers ?? fallback), ...latest.current };
        setAnswers(latest.current);
        setSavedAt(draft?.savedAt ?? null);
      },
      () => live && setAnswers(latest.current),
    );
    return () => {
      live = false;
    };
    // The fallback is read once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, formId]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (!dirty.current) return;
    dirty.current = false;
    try {
      setSavedAt((await bridge.call('forms.saveDraft', { formId, answers: latest.current })).savedAt);
    } catch (error) {
      dirty.current = true;
      toast(intl.formatMessage(NOT_KEPT, { error: messageOf(error) }));
    }
  }, [bridge, formId, intl]);

  const change = useCallback(
    (questionId: string, value: string) => {
      latest.current = { ...latest.current, [questionId]: value };
      setAnswers(latest.current);
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush],
  );

  const sent = useCallback(() => {
    clearTimeout(timer.current);
    dirty.current = false;
  }, []);

  // Closed however (Escape, another view): what was typed since the last save is kept.
  useEffect(() => () => void flush(), [flush]);

  return { answers, savedAt, change, flush, sent };
}
