import { useCallback, useEffect, useRef, useState } from 'react';
import { parseWithRules, formUpdateSchema } from '@shared/rules';
import { type Form } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { useBridge } from '@renderer/state/bridgeContext';
import { fieldErrorsOf, type FieldErrors } from '@renderer/state/useAppAction';
import { changesOf, editableFrom, type EditableForm } from './editableForm';

/** How long typing pauses before the form is saved. */
const SAVE_AFTER_MS = 600;

export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed';

export interface FormEditing {
  draft: EditableForm | null;
  /** A change; `questions` when it touches the questions (they are sent only then). */
  edit: (change: (f: EditableForm) => EditableForm, touches?: { questions: boolean }) => void;
  /** The rulebook's messages to show: none yet for a question just added and not left. */
  issues: FieldErrors;
  /** Some messages are held back for a question still being written. */
  issuesHeld: boolean;
  saveState: SaveState;
  error: string | null;
  /** Saves what is typed now; false when a rule fails or the save did. `reveal`: show every message (publishing). */
  flush: (reveal?: boolean) => Promise<boolean>;
  /** A question was added: its messages wait until it is left, so a blank one is not marked wrong at once. */
  added: (key: string) => void;
  /** Focus left a question: its messages show from now on. */
  left: (key: string) => void;
}

/** The messages of questions still being written, held back; and whether any were. */
function shownIssues(
  issues: FieldErrors,
  draft: EditableForm | null,
  fresh: ReadonlySet<string>,
): [FieldErrors, boolean] {
  if (fresh.size === 0 || !draft) return [issues, false];
  const shown: Record<string, string> = {};
  let held = false;
  for (const [path, message] of Object.entries(issues)) {
    const index = /^questions\[(\d+)\]/.exec(path)?.[1];
    const key = index === undefined ? undefined : draft.questions[Number(index)]?.key;
    if (key && fresh.has(key)) held = true;
    else shown[path] = message;
  }
  return [shown, held];
}

/**
 * The builder's copy of a form, saved by itself a moment after each change (each save a queued
 * change that folds into the one before while unsent). Checked by the rulebook first: nothing is
 * queued while a rule fails, and each message stands beside its field. The copy follows the
 * service's record when it moves on (a sync), unless something typed here is not saved yet.
 */
export function useFormEditing(form: Form | null): FormEditing {
  const bridge = useBridge();
  const [draft, setDraft] = useState<EditableForm | null>(null);
  const [issues, setIssues] = useState<FieldErrors>({});
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<EditableForm | null>(null);
  const dirty = useRef(false);
  const questionsDirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seen = useRef<{ id: string; version: number } | null>(null);
  // When the last save here was made: an answer read before it (still on its way) is older than
  // what was typed and must not replace it.
  const savedAt = useRef('');
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  }, [form]);

  useEffect(() => {
    if (!form) return;
    if (form.updatedAt < savedAt.current) return;
    // Our save is seen: from here on the record is followed as it moves.
    savedAt.current = '';
    const known = seen.current;
    const moved = !known || known.id !== form.id || known.version !== form.version;
    if (!moved || dirty.current) return;
    seen.current = { id: form.id, version: form.version };
    const next = editableFrom(
      form,
      latest.current?.questions.map((q) => q.key),
    );
    latest.current = next;
    setDraft(next);
  }, [form]);

  const flush = useCallback(
    async (reveal = false) => {
      clearTimeout(timer.current);
      if (reveal) setFresh(new Set());
      const current = formRef.current;
      const sending = latest.current;
      if (!dirty.current || !current || !sending) return true;
      const changes = changesOf(sending, questionsDirty.current && current.responseCount === 0);
      const checked = parseWithRules(formUpdateSchema, changes);
      if (!checked.ok) {
        setIssues(Object.fromEntries(checked.issues.map((i) => [i.path, i.message])));
        setSaveState('invalid');
        return false;
      }
      setIssues({});
      setSaveState('saving');
      try {
        const saved = await bridge.call('forms.update', { id: current.id, changes: checked.data });
        if (saved.updatedAt > savedAt.current) savedAt.current = saved.updatedAt;
        if (latest.current === sending) {
          dirty.current = false;
          questionsDirty.current = false;
        }
        setError(null);
        setSaveState('saved');
        return true;
      } catch (failure) {
        setIssues(fieldErrorsOf(failure));
        setError(messageOf(failure));
        setSaveState('failed');
        return false;
      }
    },
    [bridge],
  );

  const edit = useCallback<FormEditing['edit']>(
    (change, touches) => {
      if (!latest.current) return;
      latest.current = change(latest.current);
      setDraft(latest.current);
      dirty.current = true;
      if (touches?.questions) questionsDirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush],
  );

  // Leaving the builder keeps what was typed since the last save.
  useEffect(() => () => void flush(), [flush]);

  const added = useCallback((key: string) => setFresh((s) => new Set([...s, key])), []);
  const left = useCallback(
    (key: string) => setFresh((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : s)),
    [],
  );
  const [shown, issuesHeld] = shownIssues(issues, draft, fresh);
  return { draft, edit, issues: shown, issuesHeld, saveState, error, flush, added, left };
}
