import { useRef, useState, type FormEvent } from 'react';
import type { MyForm } from '@shared/appApi';
import { answerIssue, isUnanswered, shownQuestions } from '@shared/rules';
import type { Question } from '@shared/wire';
import { Button, Dialog, FormFooter, Loading, readNumber, toast } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { useAppAction } from '@renderer/state/useAppAction';
import { time } from './myFormWords';
import { QuestionInput } from './QuestionInput';
import { useDraft } from './useDraft';

/**
 * Answering a form: kept as a draft while typed, each question checked as it is left and all on
 * sending; nothing is queued while a rule fails, and the answers stay if sending fails.
 */
export function AnswerDialog({ form, onClose }: { form: MyForm; onClose: () => void }) {
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
    const n = readNumber(value);
    return typeof n === 'number' && !Number.isNaN(n) ? String(n) : value;
  };
  const answers = Object.fromEntries(
    form.questions.map((q) => [q.id, asGiven(q, typed[q.id])]).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  // The questions asked for the answers so far: a hidden one keeps its answer in the draft (it comes
  // back if the answer that hid it changes) but is neither checked nor sent.
  const shown = shownQuestions(form.questions, new Map(Object.entries(answers)));
  const asked = form.questions.filter((q) => shown.has(q.id));
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
    setChecked((c) => ({ ...c, [id]: answerIssue(q, answers[id])?.message }));
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const issues = Object.fromEntries(asked.map((q) => [q.id, answerIssue(q, answers[q.id])?.message]));
    setChecked(issues);
    const first = asked.find((q) => issues[q.id]);
    if (first) {
      // Focus the first question to mend; nothing is queued while a rule fails.
      list.current
        ?.querySelector<HTMLElement>(
          `[data-question="${first.id}"] :is(input:not([type="hidden"]), textarea, button, [tabindex="0"])`,
        )
        ?.focus();
      return;
    }
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
      toast(
        online ? `Answers sent: ${form.title}` : `Answers saved: ${form.title} — waiting to send until you are online`,
      );
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
              The service did not accept these answers: {form.refusal}. Mend them and submit again, or close the form.
            </p>
          )}
          {form.description && <p className="forms-description">{form.description}</p>}
          {form.isAnonymous && (
            <p className="forms-anonymous-note">
              This form is anonymous: your name is not kept with your answers, and this computer keeps no copy once they
              are sent.
            </p>
          )}
          <div className="forms-answer-progress">
            <p aria-live="polite">
              {answered} of {asked.length} answered
              {asked.some((q) => q.required) && ' · questions marked * are required'}
            </p>
            <progress value={answered} max={asked.length} aria-hidden="true" />
            <p className="hint" aria-live="polite">
              {draft.savedAt
                ? `Draft saved on this computer at ${time(draft.savedAt)}`
                : 'Your answers are kept as you type'}
            </p>
          </div>
          <div ref={list} className="forms-questions">
            {asked.map((q) => (
              <div key={q.id} data-question={q.id} className="forms-question">
                <QuestionInput
                  q={q}
                  value={typed[q.id] ?? ''}
                  onChange={(v) => {
                    draft.change(q.id, v);
                    if (checked[q.id]) setChecked((c) => ({ ...c, [q.id]: answerIssue(q, v)?.message }));
                  }}
                  onLeave={() => leave(q.id)}
                  error={errorOf(q.id)}
                />
              </div>
            ))}
          </div>
          <FormFooter error={submit.error} submitLabel="Submit answers" pending={submit.pending}>
            <Button
              onPress={() =>
                void draft.flush().then(() => {
                  toast(`Draft saved: ${form.title}`);
                  onClose();
                })
              }
            >
              Save draft
            </Button>
          </FormFooter>
        </form>
      )}
    </Dialog>
  );
}
