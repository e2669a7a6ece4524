import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MyForm, MyFormState } from '@shared/appApi';
import {
  Button,
  Cell,
  Column,
  Empty,
  ErrorNote,
  Loading,
  Row,
  Table,
  TableBody,
  TableHeader,
} from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { AnswerDialog } from './AnswerDialog';
import { dateText } from '@renderer/i18n/dates';
import { answerable, stateWords } from './myFormWords';
import { SentAnswersDialog } from './SentAnswersDialog';

/** What needs me first: refused answers, drafts, forms to answer; then what waits or is done. */
const ORDER: MyFormState[] = ['refused', 'draft', 'open', 'waiting', 'notOpen', 'sent', 'full', 'closed'];

/** The forms sent to me, where each stands, and each opened by its title. */
export function MyForms({ openId }: { openId: string | null }) {
  const intl = useIntl();
  const assigned = useAppQuery('forms.assigned', undefined);
  // A notification's link opens its form (`#/forms?id=`).
  const [opened, setOpened] = useState<string | null>(openId);
  const rows = [...(assigned.data ?? [])].sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state));
  const current = rows.find((f) => f.id === opened) ?? null;
  const toDo = rows.filter(answerable).length;
  return (
    <section aria-labelledby="mine-forms-title" className="my-forms">
      <h2 id="mine-forms-title">
        <FormattedMessage id="forms.mine.title" defaultMessage="Forms for me" />
      </h2>
      {assigned.data && (
        <p className="hint">
          <FormattedMessage
            id="forms.mine.toDo"
            defaultMessage="{count, plural, =0 {Nothing to answer now.} other {# to answer.}} Answers are kept on this computer as you type and sent when you are online."
            values={{ count: toDo }}
          />
        </p>
      )}
      {assigned.error && <ErrorNote message={assigned.error} onRetry={assigned.reload} />}
      {!assigned.data && assigned.loading && <Loading />}
      {assigned.data?.length === 0 && (
        <Empty>
          <FormattedMessage
            id="forms.mine.empty"
            defaultMessage="No form has been sent to you. When HR sends one, it appears here, also without a network."
          />
        </Empty>
      )}
      {rows.length > 0 && (
        <Table aria-labelledby="mine-forms-title">
          <TableHeader>
            <Column isRowHeader>
              <FormattedMessage id="forms.mine.column.form" defaultMessage="Form" />
            </Column>
            <Column>
              <FormattedMessage id="forms.mine.column.answerBy" defaultMessage="Answer by" />
            </Column>
            <Column>
              <FormattedMessage id="forms.mine.column.state" defaultMessage="Where it stands" />
            </Column>
          </TableHeader>
          <TableBody items={rows}>
            {(f: MyForm) => {
              const { text, tone } = stateWords(f, intl);
              return (
                <Row id={f.id}>
                  <Cell>
                    <Button variant="link" onPress={() => setOpened(f.id)}>
                      {f.title}
                    </Button>
                    {f.isAnonymous && (
                      <span className="forms-tag">
                        <FormattedMessage id="forms.mine.anonymous" defaultMessage="Anonymous" />
                      </span>
                    )}
                  </Cell>
                  <Cell>
                    {f.closeDate ? (
                      dateText(intl, f.closeDate)
                    ) : (
                      <FormattedMessage id="forms.mine.noDate" defaultMessage="No date" />
                    )}
                  </Cell>
                  <Cell>
                    <span className={`badge forms-state forms-${tone}`}>{text}</span>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      {current &&
        (answerable(current) ? (
          <AnswerDialog form={current} onClose={() => setOpened(null)} />
        ) : (
          <SentAnswersDialog form={current} onClose={() => setOpened(null)} />
        ))}
    </section>
  );
}
