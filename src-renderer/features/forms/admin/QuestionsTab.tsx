import { memo, useCallback, useRef, useState } from 'react';
import { QUESTIONS_LOCKED } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Button, TextField } from '@renderer/components/ui';
import type { FieldErrors } from '@renderer/state/useAppAction';
import { QuestionInput } from '../QuestionInput';
import { blankQuestion, moveItem, newKey, questionOf, type EditableQuestion } from './editableForm';
import { QuestionCard } from './QuestionCard';
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

/** A question as a respondent sees it, answerable here without being sent anywhere. */
const PreviewQuestion = memo(function PreviewQuestion({ q, index }: { q: EditableQuestion; index: number }) {
  const [value, setValue] = useState('');
  const question: Question = {
    ...questionOf(q),
    id: q.key,
    label: q.label || `Question ${index + 1}`,
    required: q.required,
    order: index,
  };
  return <QuestionInput q={question} value={value} onChange={setValue} onLeave={() => undefined} error={undefined} />;
});

/** Title, description and questions of a form, with a live preview as people will answer it. */
export function QuestionsTab({ editing, responseCount }: { editing: FormEditing; responseCount: number }) {
  const { draft, edit, issues, added, left } = editing;
  const locked = responseCount > 0;
  const dragged = useRef<string | null>(null);
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
  const onMove = useCallback(
    (key: string, to: number) => {
      setQuestions((qs) =>
        moveItem(
          qs,
          qs.findIndex((q) => q.key === key),
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
  const onDelete = useCallback((key: string) => setQuestions((qs) => qs.filter((q) => q.key !== key)), [setQuestions]);
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
          {draft.questions.map((q, i) => (
            <PreviewQuestion key={q.key} q={q} index={i} />
          ))}
        </div>
      </aside>
    </div>
  );
}
