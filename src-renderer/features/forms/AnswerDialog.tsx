import { formatLocale, timeText } from '@renderer/i18n/dates';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { MyForm } from '@shared/appApi';
import { answerIssue, isUnanswered, issueWords, sectionsOf, shownQuestions } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Button, Dialog, FormFooter, Loading, readNumber, toast } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { QuestionInput } from './QuestionInput';
import { useDraft } from './useDraft';

const MESSAGES = {
  sent: defineMessage<{ title: string }>({ id: 'forms.answer.toast.sent', defaultMessage: 'Answers sent: {title}' }),
  saved: defineMessage<{ title: string }>({
    id: 'forms.answer.toast.saved',
    defaultMessage: 'Answers saved: {title} — waiting to send until you are online',
  }),
  draftSaved: defineMessage<{ title: string }>({
    id: 'forms.answer.toast.draftSaved',
    defaultMessage: 'Draft saved: {title}',
  }),
  draftSavedAt: defineMessage<{ time: string }>({
    id: 'forms.answer.draftSavedAt',
    defaultMessage: 'Draft saved on this computer at {time}',
  }),
  keptAsYouType: defineMessage({
    id: 'forms.answer.keptAsYouType',
    defaultMessage: 'Your answers are kept as you type',
  }),
  submit: defineMessage({ id: 'forms.answer.submit', defaultMessage: 'Submit answers' }),
  next: defineMessage({ id: 'forms.answer.next', defaultMessage: 'Next' }),
};

/**
 * Answering a form: kept as a draft while typed, each question checked as it is left and all on
 * sending; nothing is queued while a rule fails, and the answers stay if sending fails.
 */
export function AnswerDialog({ form, onClose }: { form: MyForm; onClose: () => void }) {
  const intl = useIntl();
  const format = useFormatMessage();
  /** What is wrong with an answer, in the page's language, or undefined. */
  const wrongWith = (q: Question, value: string | undefined) => {
    const raised = answerIssue(q, value);
    return raised ? issueWords(format, raised) : undefined;
  };
  const submit = useAppAction('forms.submit');
  const online = useAppStore((s) => s.sync?.online ?? false);
  const draft = useDraft(form.id, form.refusedAnswers);
  const [checked, setChecked] = useState<Record<string, string | undefined>>({});
  const list = useRef<HTMLDivElement>(null);
  const typed = draft.answers ?? {};
  // A number typed as the locale writes it ("1,250.5") is checked and sent as the number it is; the
  // draft keeps what was typed.
  const asGiven = (q: Question, value: string | undefined) => {
    if (q.type !== 'NUMBER' || value === undefined) return value;
    const n = readNumber(value, formatLocale(intl.locale));
    return typeof n === 'number' && !Number.isNaN(n) ? String(n) : value;
  };
  const answers = Object.fromEntries(
    form.questions.map((q) => [q.id, asGiven(q, typed[q.id])]).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  // The questions asked for the answers so far: a hidden one keeps its answer in the draft (it comes
  // back if the answer that hid it changes) but is neither checked nor sent.
  const shown = shownQuestions(form.questions, new Map(Object.entries(answers)));
  const asked = form.questions.filter((q) => shown.has(q.id));
  // A form split into sections shows one at a time, each of those with a question asked.
  const sections = sectionsOf(form.questions)
    .map((part) => ({ ...part, questions: part.questions.filter((q) => shown.has(q.id)) }))
    .filter((part) => part.questions.length > 0);
  const [page, setPage] = useState(0);
  const at = Math.max(0, Math.min(page, sections.length - 1));
  const paged = sections.length > 1;
  const onPage = paged ? sections[at]!.questions : asked;
  const last = !paged || at === sections.length - 1;
  const sectionOf = (id: string) => sections.findIndex((part) => part.questions.some((q) => q.id === id));
  // The question to focus once its section is on screen (after the render that shows it).
  const focusing = useRef<string | null>(null);
  useEffect(() => {
    const id = focusing.current;
    if (!id) return;
    focusing.current = null;
    list.current
      ?.querySelector<HTMLElement>(
        `[data-question="${id}"] :is(input:not([type="hidden"]), textarea, button, [tabindex="0"])`,
      )
      ?.focus();
  });
  /** Checks these questions; the first to mend is shown (its section) and focused. */
  const mended = (questions: readonly Question[]) => {
    const issues = Object.fromEntries(questions.map((q) => [q.id, wrongWith(q, answers[q.id])]));
    setChecked((c) => ({ ...c, ...issues }));
    const first = questions.find((q) => issues[q.id]);
    if (!first) return true;
    focusing.current = first.id;
    if (paged) setPage(sectionOf(first.id));
    return false;
  };
  const turn = (to: number) => {
    setPage(to);
    // The new section's heading takes focus, so its title is read first.
    requestAnimationFrame(() =>
      list.current?.parentElement?.querySelector<HTMLElement>('.forms-section-heading')?.focus(),
    );
  };
  const answered = asked.filter((q) => !isUnanswered(q, answers[q.id])).length;
  // The service's word on a refused answer stands until the answer changes.
  const errorOf = (id: string) =>
    checked[id] ?? submit.fieldErrors[`answers.${id}`] ?? (id in checked ? undefined : form.refusalIssues[id]);

  const close = () => {
    void draft.flush();
    onClose();
  };
  const leave = (id: string) => {
    const q = form.questions.find((x) => x.id === id)!;
    // Passed over unanswered: said on sending, not as focus moves on. Focus starts on the first
    // question, and a press on Submit would otherwise show its error first and move the button.
    if (isUnanswered(q, answers[id]) && !(id in checked)) return;
    setChecked((c) => ({ ...c, [id]: wrongWith(q, answers[id]) }));
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!last) {
      // Enter on a section before the last moves on once it is right.
      if (mended(onPage)) turn(at + 1);
      return;
    }
    // Nothing is queued while a rule fails: the first question to mend is focused.
    if (!mended(asked)) return;
    // A save still waiting goes first: sending drops the draft, and nothing may bring it back.
    await draft.flush();
    const done = await submit.run({
      formId: form.id,
      answers: asked
        .filter((q) => !isUnanswered(q, answers[q.id]))
        .map((q) => ({ questionId: q.id, value: answers[q.id]!.trim() })),
    });
    if (done !== undefined) {
      // Sent: a save still waiting must not bring the draft back.
      draft.sent();
      toast(intl.formatMessage(online ? MESSAGES.sent : MESSAGES.saved, { title: form.title }));
      onClose();
    }
  };
  return (
    <Dialog title={form.title} onClose={close} size="large">
      {draft.answers === null ? (
        <Loading />
      ) : (
        <form className="forms-answer-form" onSubmit={(e) => void send(e)} noValidate>
          {form.state === 'refused' && (
            <p className="form-error" role="alert">
              <FormattedMessage
                id="forms.answer.refused"
                defaultMessage="The service did not accept these answers: {refusal}. Mend them and submit again, or close the form."
                values={{ refusal: form.refusal }}
              />
            </p>
          )}
          {form.description && <p className="forms-description">{form.description}</p>}
          {form.isAnonymous && (
            <p className="forms-anonymous-note">
              <FormattedMessage
                id="forms.answer.anonymous"
                defaultMessage="This form is anonymous: your name is not kept with your answers, and this computer keeps no copy once they are sent."
              />
            </p>
          )}
          <div className="forms-answer-progress">
            <p aria-live="polite">
              {asked.some((q) => q.required) ? (
                <FormattedMessage
                  id="forms.answer.progress.required"
                  defaultMessage="{answered} of {total} answered · questions marked * are required"
                  values={{ answered, total: asked.length }}
                />
              ) : (
                <FormattedMessage
                  id="forms.answer.progress"
                  defaultMessage="{answered} of {total} answered"
                  values={{ answered, total: asked.length }}
                />
              )}
            </p>
            <progress value={answered} max={asked.length} aria-hidden="true" />
            <p className="hint" aria-live="polite">
              {draft.savedAt
                ? intl.formatMessage(MESSAGES.draftSavedAt, { time: timeText(intl, draft.savedAt) })
                : intl.formatMessage(MESSAGES.keptAsYouType)}
            </p>
          </div>
          {paged && (
            <div className="forms-section">
              <p className="forms-section-count">
                <FormattedMessage
                  id="forms.answer.section"
                  defaultMessage="Section {number} of {count}"
                  values={{ number: at + 1, count: sections.length }}
                />
              </p>
              {sections[at]!.section && (
                <>
                  <h3 className="forms-section-heading" tabIndex={-1}>
                    {sections[at]!.section!.title}
                  </h3>
                  {sections[at]!.section!.description && <p className="hint">{sections[at]!.section!.description}</p>}
                </>
              )}
            </div>
          )}
          <div ref={list} className="forms-questions">
            {onPage.map((q) => (
              <div key={q.id} data-question={q.id} className="forms-question">
                <QuestionInput
                  q={q}
                  value={typed[q.id] ?? ''}
                  onChange={(v) => {
                    draft.change(q.id, v);
                    if (checked[q.id]) setChecked((c) => ({ ...c, [q.id]: wrongWith(q, v) }));
                  }}
                  onLeave={() => leave(q.id)}
                  error={errorOf(q.id)}
                />
              </div>
            ))}
          </div>
          <FormFooter
            error={submit.error}
            submitLabel={intl.formatMessage(last ? MESSAGES.submit : MESSAGES.next)}
            pending={submit.pending}
          >
            {paged && at > 0 && (
              <Button onPress={() => turn(at - 1)}>
                <FormattedMessage id="forms.answer.back" defaultMessage="Back" />
              </Button>
            )}
            <Button
              onPress={() =>
                void draft.flush().then(() => {
                  toast(intl.formatMessage(MESSAGES.draftSaved, { title: form.title }));
                  onClose();
                })
              }
            >
              <FormattedMessage id="forms.answer.saveDraft" defaultMessage="Save draft" />
            </Button>
          </FormFooter>
        </form>
      )}
    </Dialog>
  );
}
