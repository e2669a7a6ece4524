import type { MyForm } from '@shared/appApi';
import { Dialog, Empty, Loading } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { answerText } from './answerWords';
import { dateTime, stateWords } from './myFormWords';

/** A form I cannot answer now: why, and what I sent when this computer kept it. */
export function SentAnswersDialog({ form, onClose }: { form: MyForm; onClose: () => void }) {
  const sent = useAppQuery('forms.sentAnswers', { formId: form.id });
  const { text } = stateWords(form);
  return (
    <Dialog title={form.title} onClose={onClose} size="large">
      <p className="forms-state-line">{text}</p>
      {form.description && <p className="forms-description">{form.description}</p>}
      {form.isAnonymous && form.submitted && (
        <p className="forms-anonymous-note">
          This form is anonymous: no copy of your answers is kept, here or with your name.
        </p>
      )}
      {!sent.data && sent.loading && <Loading />}
      {sent.data ? (
        <>
          <h3>
            {form.state === 'waiting'
              ? 'Your answers, waiting to send'
              : `Your answers${sent.data.sentAt ? `, sent ${dateTime(sent.data.sentAt)}` : ''}`}
          </h3>
          <dl className="forms-sent-answers">
            {form.questions.map((q) => (
              <div key={q.id}>
                <dt>{q.label}</dt>
                <dd>{answerText(q, sent.data!.answers[q.id])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        !sent.loading &&
        form.submitted &&
        !form.isAnonymous && <Empty>Your answers were sent from another computer, so they are not kept here.</Empty>
      )}
    </Dialog>
  );
}
