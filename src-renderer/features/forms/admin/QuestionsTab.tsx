import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { QUESTIONS_LOCKED, shownQuestions } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Button, Dialog, TextField } from '@renderer/components/ui';
import type { FieldErrors } from '@renderer/state/useAppAction';
import { QuestionInput } from '../QuestionInput';
import { blankQuestion, moveItem, newKey, questionOf, type EditableQuestion } from './editableForm';
import { QuestionCard } from './QuestionCard';
import { refOf } from './ConditionEditor';
import type { FormEditing } from './useFormEditing';

/** The rulebook's messages of one question, by field (`questions[2].label` → `label`). */
function issuesOf(issues: FieldErrors, index: number): FieldErrors {
  const prefix = `questions[${index}].`;
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    if (path.startsWith(prefix)) own[path.slice(prefix.length).split(/[.[]/)[0]!] = message;
  }
  return own;
}
const NO_ISSUES: FieldErrors = {};

/** The rulebook's words on one question's condition and its section's, by path under each, or null. */
function logicOf(issues: FieldErrors, index: number) {
  const under = (what: string) => {
    const prefix = `questions[${index}].${what}.`;
    return Object.fromEntries(
      Object.entries(issues)
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, message]) => [path.slice(prefix.length), message]),
    );
  };
  const showIf = under('showIf');
  const section = under('section.showIf');
  return Object.keys(showIf).length || Object.keys(section).length ? { showIf, section } : null;
}

/** The conditions of `q` (its own and its section's) that use the question named `ref`. */
const uses = (q: EditableQuestion, ref: string) =>
  [...(q.showIf?.conditions ?? []), ...(q.section?.showIf?.conditions ?? [])].some((c) => c.questionId === ref);

/** `q` without its conditions on the question named `ref` (a condition left with none goes). */
function without(q: EditableQuestion, ref: string): EditableQuestion {
  const cut = (showIf: EditableQuestion['showIf']) => {
    if (!showIf) return null;
    const conditions = showIf.conditions.filter((c) => c.questionId !== ref);
    return conditions.length ? { ...showIf, conditions } : null;
  };
  return { ...q, showIf: cut(q.showIf), section: q.section ? { ...q.section, showIf: cut(q.section.showIf) } : null };
}

/** A question as a respondent sees it, answerable here without being sent anywhere. */
const PreviewQuestion = memo(function PreviewQuestion({
  q,
  index,
  value,
  onAnswer,
}: {
  q: EditableQuestion;
  index: number;
  value: string;
  onAnswer: (key: string, value: string) => void;
}) {
  const question: Question = {
    ...questionOf(q),
    id: refOf(q),
    label: q.label || `Question ${index + 1}`,
    required: q.required,
    order: index,
  };
  return (
    <QuestionInput
      q={question}
      value={value}
      onChange={(v) => onAnswer(q.key, v)}
      onLeave={() => undefined}
      error={undefined}
    />
  );
});

/** Title, description and questions of a form, with a live preview as people will answer it. */
export function QuestionsTab({ editing, responseCount }: { editing: FormEditing; responseCount: number }) {
  const { draft, edit, issues, added, left } = editing;
  const locked = responseCount > 0;
  const dragged = useRef<string | null>(null);
  const [preview, setPreview] = useState<Record<string, string>>({});
  // Kept by the question's key, which stays when the service gives it an id.
  const onAnswer = useCallback((key: string, value: string) => setPreview((p) => ({ ...p, [key]: value })), []);
  const listRef = useRef<HTMLDivElement>(null);

  const setQuestions = useCallback(
    (change: (qs: EditableQuestion[]) => EditableQuestion[]) =>
      edit((f) => ({ ...f, questions: change(f.questions) }), { questions: true }),
    [edit],
  );
  const onChange = useCallback(
    (key: string, change: (q: EditableQuestion) => EditableQuestion) =>
      setQuestions((qs) => qs.map((q) => (q.key === key ? change(q) : q))),
    [setQuestions],
  );
  // What a delete or a move would break, said before it happens.
  const [breaking, setBreaking] = useState<{ words: string; action: string; then: () => void } | null>(null);
  const latest = useRef<readonly EditableQuestion[]>([]);
  // Read by the callbacks below, which stay the same while the questions change.
  useLayoutEffect(() => {
    latest.current = draft?.questions ?? [];
  });
  const earlierOf = useCallback((key: string) => {
    const qs = latest.current;
    return qs.slice(
      0,
      qs.findIndex((q) => q.key === key),
    );
  }, []);
  const onMove = useCallback(
    (key: string, to: number) => {
      const qs = latest.current;
      const from = qs.findIndex((q) => q.key === key);
      const moved = qs[from]!;
      // Moving up past a question it depends on, or down past one that depends on it, breaks a condition.
      const passed = from > to ? qs.slice(to, from) : qs.slice(from + 1, to + 1);
      const broken = passed.filter((p) => (from > to ? uses(moved, refOf(p)) : uses(p, refOf(moved))));
      if (broken.length) {
        setBreaking({
          words:
            from > to
              ? `“${moved.label || 'This question'}” is shown depending on ${broken.map((b) => `“${b.label || 'a question'}”`).join(', ')}: above it, that condition is removed.`
              : `${broken.map((b) => `“${b.label || 'A question'}”`).join(', ')} depend${broken.length === 1 ? 's' : ''} on “${moved.label || 'this question'}”: below ${broken.length === 1 ? 'it' : 'them'}, those conditions are removed.`,
          action: 'Move anyway',
          then: () =>
            setQuestions((all) =>
              moveItem(all, from, to).map((q) =>
                from > to
                  ? q.key === key
                    ? broken.reduce((x, b) => without(x, refOf(b)), q)
                    : q
                  : broken.some((b) => b.key === q.key)
                    ? without(q, refOf(moved))
                    : q,
              ),
            ),
        });
        return;
      }
      setQuestions((all) =>
        moveItem(
          all,
          all.findIndex((q) => q.key === key),
          to,
        ),
      );
      // The moved question keeps the keyboard: its Move button in its new place.
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-key="${key}"] .row-actions button:not([disabled])`)?.focus(),
      );
    },
    [setQuestions],
  );
  const onDuplicate = useCallback(
    (key: string) =>
      setQuestions((qs) => {
        const i = qs.findIndex((q) => q.key === key);
        const { id: _id, ...copy } = qs[i]!;
        return [...qs.slice(0, i + 1), { ...copy, key: newKey(), label: `${copy.label} (copy)` }, ...qs.slice(i + 1)];
      }),
    [setQuestions],
  );
  const onDelete = useCallback(
    (key: string) => {
      const qs = latest.current;
      const gone = qs.find((q) => q.key === key)!;
      const ref = refOf(gone);
      const dependents = qs.filter((q) => q.key !== key && uses(q, ref));
      const remove = () => setQuestions((all) => all.filter((q) => q.key !== key).map((q) => without(q, ref)));
      if (dependents.length === 0) return remove();
      setBreaking({
        words: `${dependents.map((d) => `“${d.label || 'A question'}”`).join(', ')} ${dependents.length === 1 ? 'is' : 'are'} shown depending on “${gone.label || 'this question'}”: deleting it removes those conditions.`,
        action: 'Delete anyway',
        then: remove,
      });
    },
    [setQuestions],
  );
  const onDragStart = useCallback((key: string) => (dragged.current = key), []);
  const onDropOn = useCallback(
    (key: string) => {
      const from = dragged.current;
      dragged.current = null;
      if (!from || from === key) return;
      // Dropped on a question: it takes that question's place.
      setQuestions((qs) =>
        moveItem(
          qs,
          qs.findIndex((q) => q.key === from),
          qs.findIndex((q) => q.key === key),
        ),
      );
    },
    [setQuestions],
  );

  if (!draft) return null;
  // The preview asks what the form would ask for the answers typed into it.
  const shownInPreview = shownQuestions(
    draft.questions.map((q) => ({ ...q, id: refOf(q) })),
    new Map(draft.questions.flatMap((q) => (preview[q.key] === undefined ? [] : [[refOf(q), preview[q.key]!]]))),
  );
  const add = () => {
    const q = blankQuestion('TEXT');
    added(q.key);
    setQuestions((qs) => [...qs, q]);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLInputElement>(`[data-key="${q.key}"] input`)?.focus(),
    );
  };
  return (
    <div className="forms-builder">
      <div className="forms-builder-edit">
        <TextField
          label="Title"
          isRequired
          value={draft.title}
          error={issues.title}
          onChange={(title) => edit((f) => ({ ...f, title }))}
          deferred
        />
        <TextField
          label="Description"
          description="Shown to people before the first question"
          rows={3}
          value={draft.description}
          error={issues.description}
          onChange={(description) => edit((f) => ({ ...f, description }))}
          deferred
        />
        {locked && (
          <p className="forms-locked-note" role="note">
            {QUESTIONS_LOCKED}: {responseCount} {responseCount === 1 ? 'person has' : 'people have'} answered them as
            they are. Duplicate the form to ask something else.
          </p>
        )}
        {issues.questions && <p className="field-error">{issues.questions}</p>}
        <div ref={listRef} className="forms-question-list">
          {draft.questions.map((q, i) => (
            <QuestionCard
              key={q.key}
              q={q}
              index={i}
              count={draft.questions.length}
              locked={locked}
              issues={Object.keys(issues).length ? issuesOf(issues, i) : NO_ISSUES}
              onChange={onChange}
              onMove={onMove}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
              onDragStart={onDragStart}
              onDropOn={onDropOn}
              onLeave={left}
              conditionsOn={q.showIf || q.section?.showIf ? draft.questions.slice(0, i) : null}
              earlierOf={earlierOf}
              logic={Object.keys(issues).length ? logicOf(issues, i) : null}
            />
          ))}
        </div>
        {draft.questions.length === 0 && <p className="hint">No questions yet: add the first.</p>}
        <Button variant="primary" isDisabled={locked} onPress={add}>
          Add question
        </Button>
      </div>
      <aside className="forms-builder-preview" aria-labelledby="preview-title">
        <h3 id="preview-title">Preview</h3>
        <p className="hint">As people will see it; answers here are not kept.</p>
        {draft.description && <p className="forms-description">{draft.description}</p>}
        <div className="forms-questions">
          {draft.questions.map((q, i) =>
            shownInPreview.has(refOf(q)) ? (
              <PreviewQuestion key={q.key} q={q} index={i} value={preview[q.key] ?? ''} onAnswer={onAnswer} />
            ) : null,
          )}
        </div>
      </aside>
      {breaking && (
        <Dialog title="This breaks a condition" onClose={() => setBreaking(null)} size="small">
          <p>{breaking.words}</p>
          <div className="tools">
            <Button
              variant="danger"
              onPress={() => {
                breaking.then();
                setBreaking(null);
              }}
            >
              {breaking.action}
            </Button>
            <Button onPress={() => setBreaking(null)}>Cancel</Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
