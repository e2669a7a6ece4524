import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { say } from '@shared/i18n/format';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { QUESTIONS_LOCKED_REF, shownQuestions } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Button, Dialog, TextField } from '@renderer/components/ui';
import type { FieldErrors } from '@renderer/state/useAppAction';
import { QuestionInput } from '../QuestionInput';
import { blankQuestion, moveItem, newKey, questionOf, type EditableQuestion } from './editableForm';
import { COPY_OF, QUESTION_NUMBER } from './formWords';
import { QuestionCard } from './QuestionCard';
import { refOf } from './ConditionEditor';
import type { FormEditing } from './useFormEditing';

const MESSAGES = {
  /** A question named in a sentence, in quotes: its words, or what stands for them while it has none. */
  quoted: defineMessage<{ name: string }>({ id: 'forms.builder.quoted', defaultMessage: '“{name}”' }),
  thisQuestionStart: defineMessage({ id: 'forms.builder.unnamed.thisStart', defaultMessage: 'This question' }),
  thisQuestion: defineMessage({ id: 'forms.builder.unnamed.this', defaultMessage: 'this question' }),
  aQuestionStart: defineMessage({ id: 'forms.builder.unnamed.aStart', defaultMessage: 'A question' }),
  aQuestion: defineMessage({ id: 'forms.builder.unnamed.a', defaultMessage: 'a question' }),
  movedUp: defineMessage<{ moved: string; broken: string }>({
    id: 'forms.builder.breaks.up',
    defaultMessage: '{moved} is shown depending on {broken}: above it, that condition is removed.',
  }),
  movedDown: defineMessage<{ count: number; broken: string; moved: string }>({
    id: 'forms.builder.breaks.down',
    defaultMessage:
      '{count, plural, one {{broken} depends on {moved}: below it, those conditions are removed.} other {{broken} depend on {moved}: below them, those conditions are removed.}}',
  }),
  deleted: defineMessage<{ count: number; dependents: string; gone: string }>({
    id: 'forms.builder.breaks.delete',
    defaultMessage:
      '{count, plural, one {{dependents} is shown depending on {gone}: deleting it removes those conditions.} other {{dependents} are shown depending on {gone}: deleting it removes those conditions.}}',
  }),
  moveAnyway: defineMessage({ id: 'forms.builder.breaks.moveAnyway', defaultMessage: 'Move anyway' }),
  deleteAnyway: defineMessage({ id: 'forms.builder.breaks.deleteAnyway', defaultMessage: 'Delete anyway' }),
  breaksTitle: defineMessage({ id: 'forms.builder.breaks.title', defaultMessage: 'This breaks a condition' }),
  title: defineMessage({ id: 'forms.builder.title', defaultMessage: 'Title' }),
  description: defineMessage({ id: 'forms.builder.description', defaultMessage: 'Description' }),
  descriptionHint: defineMessage({
    id: 'forms.builder.description.hint',
    defaultMessage: 'Shown to people before the first question',
  }),
};

/** Questions named in a sentence: each in quotes, its words or `unnamed`, one after the other. */
const named = (intl: IntlShape, qs: readonly EditableQuestion[], unnamed: string) =>
  qs.map((q) => intl.formatMessage(MESSAGES.quoted, { name: q.label || unnamed })).join(', ');

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
  const intl = useIntl();
  const question: Question = {
    ...questionOf(q),
    id: refOf(q),
    label: q.label || intl.formatMessage(QUESTION_NUMBER, { number: index + 1 }),
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
  const intl = useIntl();
  const format = useFormatMessage();
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
              ? intl.formatMessage(MESSAGES.movedUp, {
                  moved: named(intl, [moved], intl.formatMessage(MESSAGES.thisQuestionStart)),
                  broken: named(intl, broken, intl.formatMessage(MESSAGES.aQuestion)),
                })
              : intl.formatMessage(MESSAGES.movedDown, {
                  count: broken.length,
                  broken: named(intl, broken, intl.formatMessage(MESSAGES.aQuestionStart)),
                  moved: named(intl, [moved], intl.formatMessage(MESSAGES.thisQuestion)),
                }),
          action: intl.formatMessage(MESSAGES.moveAnyway),
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
    [setQuestions, intl],
  );
  const onDuplicate = useCallback(
    (key: string) =>
      setQuestions((qs) => {
        const i = qs.findIndex((q) => q.key === key);
        const { id: _id, ...copy } = qs[i]!;
        return [
          ...qs.slice(0, i + 1),
          { ...copy, key: newKey(), label: intl.formatMessage(COPY_OF, { name: copy.label }) },
          ...qs.slice(i + 1),
        ];
      }),
    [setQuestions, intl],
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
        words: intl.formatMessage(MESSAGES.deleted, {
          count: dependents.length,
          dependents: named(intl, dependents, intl.formatMessage(MESSAGES.aQuestionStart)),
          gone: named(intl, [gone], intl.formatMessage(MESSAGES.thisQuestion)),
        }),
        action: intl.formatMessage(MESSAGES.deleteAnyway),
        then: remove,
      });
    },
    [setQuestions, intl],
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
    const q = blankQuestion('TEXT', intl);
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
          label={intl.formatMessage(MESSAGES.title)}
          isRequired
          value={draft.title}
          error={issues.title}
          onChange={(title) => edit((f) => ({ ...f, title }))}
          deferred
        />
        <TextField
          label={intl.formatMessage(MESSAGES.description)}
          description={intl.formatMessage(MESSAGES.descriptionHint)}
          rows={3}
          value={draft.description}
          error={issues.description}
          onChange={(description) => edit((f) => ({ ...f, description }))}
          deferred
        />
        {locked && (
          <p className="forms-locked-note" role="note">
            <FormattedMessage
              id="forms.builder.locked"
              defaultMessage="{locked}: {count, plural, one {# person has} other {# people have}} answered them as they are. Duplicate the form to ask something else."
              values={{ locked: say(format, QUESTIONS_LOCKED_REF), count: responseCount }}
            />
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
        {draft.questions.length === 0 && (
          <p className="hint">
            <FormattedMessage id="forms.builder.noQuestions" defaultMessage="No questions yet: add the first." />
          </p>
        )}
        <Button variant="primary" isDisabled={locked} onPress={add}>
          <FormattedMessage id="forms.builder.addQuestion" defaultMessage="Add question" />
        </Button>
      </div>
      <aside className="forms-builder-preview" aria-labelledby="preview-title">
        <h3 id="preview-title">
          <FormattedMessage id="forms.builder.preview" defaultMessage="Preview" />
        </h3>
        <p className="hint">
          <FormattedMessage
            id="forms.builder.preview.hint"
            defaultMessage="As people will see it; answers here are not kept."
          />
        </p>
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
        <Dialog title={intl.formatMessage(MESSAGES.breaksTitle)} onClose={() => setBreaking(null)} size="small">
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
            <Button onPress={() => setBreaking(null)}>
              <FormattedMessage id="forms.builder.breaks.cancel" defaultMessage="Cancel" />
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
