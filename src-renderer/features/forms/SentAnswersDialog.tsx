import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { MyForm } from '@shared/appApi';
import { Dialog, Empty, Loading } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { answerText } from './answerWords';
import { dateTimeText } from '@renderer/i18n/dates';
import { stateWords } from './myFormWords';

const MESSAGES = {
  waiting: defineMessage({ id: 'forms.sentAnswers.waiting', defaultMessage: 'Your answers, waiting to send' }),
  yours: defineMessage({ id: 'forms.sentAnswers.title', defaultMessage: 'Your answers' }),
  sentAt: defineMessage<{ dateTime: string }>({
    id: 'forms.sentAnswers.title.sentAt',
    defaultMessage: 'Your answers, sent {dateTime}',
  }),
};

/** A form I cannot answer now: why, and what I sent when this computer kept it. */
export function SentAnswersDialog({ form, onClose }: { form: MyForm; onClose: () => void }) {
  const intl = useIntl();
  const sent = useAppQuery('forms.sentAnswers', { formId: form.id });
  const { text } = stateWords(form, intl);
  return (
    <Dialog title={form.title} onClose={onClose} size="large">
      <p className="forms-state-line">{text}</p>
      {form.description && <p className="forms-description">{form.description}</p>}
      {form.isAnonymous && form.submitted && (
        <p className="forms-anonymous-note">
          <FormattedMessage
            id="forms.sentAnswers.anonymous"
            defaultMessage="This form is anonymous: no copy of your answers is kept, here or with your name."
          />
        </p>
      )}
      {!sent.data && sent.loading && <Loading />}
      {sent.data ? (
        <>
          <h3>
            {form.state === 'waiting'
              ? intl.formatMessage(MESSAGES.waiting)
              : sent.data.sentAt
                ? intl.formatMessage(MESSAGES.sentAt, { dateTime: dateTimeText(intl, sent.data.sentAt) })
                : intl.formatMessage(MESSAGES.yours)}
          </h3>
          <dl className="forms-sent-answers">
            {form.questions.map((q) => (
              <div key={q.id}>
                <dt>{q.label}</dt>
                <dd>{answerText(intl, q, sent.data!.answers[q.id])}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        !sent.loading &&
        form.submitted &&
        !form.isAnonymous && (
          <Empty>
            <FormattedMessage
              id="forms.sentAnswers.elsewhere"
              defaultMessage="Your answers were sent from another computer, so they are not kept here."
            />
          </Empty>
        )
      )}
    </Dialog>
  );
}
