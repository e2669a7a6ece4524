import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { SMALLEST_ANONYMOUS_GROUP } from '@shared/appApi';
import type { Form, FormResponse } from '@shared/wire';
import { messageOf } from '@renderer/bridge/bridge';
import { saveTextFile } from '@renderer/components/saveTextFile';
import {
  Button,
  Cell,
  Column,
  Dialog,
  Empty,
  ErrorNote,
  Loading,
  Pagination,
  Row,
  Table,
  TableBody,
  TableHeader,
  toast,
} from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { answerText } from '../answerWords';
import { answeredWhen } from '../myFormWords';

/** Questions shown as columns; the rest are read in the response itself. */
const ANSWER_COLUMNS = 6;

const MESSAGES = {
  anonymous: defineMessage({ id: 'forms.responses.anonymous', defaultMessage: 'Anonymous' }),
  title: defineMessage<{ who: string; when: string }>({
    id: 'forms.responses.response.title',
    defaultMessage: '{who}, {when}',
  }),
  exported: defineMessage<{ count: number; fileName: string }>({
    id: 'forms.responses.exported',
    defaultMessage: 'Exported {count, plural, one {# response} other {# responses}} to {fileName}',
  }),
  notExported: defineMessage<{ error: string }>({
    id: 'forms.responses.notExported',
    defaultMessage: 'The responses could not be exported: {error}',
  }),
  table: defineMessage({ id: 'forms.responses.table', defaultMessage: 'Responses' }),
  open: defineMessage<{ who: string; when: string }>({
    id: 'forms.responses.open.label',
    defaultMessage: 'Open the response of {who}, {when}',
  }),
  pages: defineMessage({ id: 'forms.responses.pages', defaultMessage: 'Response pages' }),
};

const who = (r: FormResponse, intl: IntlShape) =>
  r.respondent ? r.respondent.name : intl.formatMessage(MESSAGES.anonymous);
/** When it came: an anonymous form's by day only. */
const when = (form: Form, r: FormResponse, intl: IntlShape) => answeredWhen(intl, r.submittedAt, form.isAnonymous);

function ResponseDialog({ form, response, onClose }: { form: Form; response: FormResponse; onClose: () => void }) {
  const intl = useIntl();
  const byQuestion = new Map(response.answers.map((a) => [a.questionId, a.value]));
  return (
    <Dialog
      title={intl.formatMessage(MESSAGES.title, { who: who(response, intl), when: when(form, response, intl) })}
      onClose={onClose}
      size="large"
    >
      {response.respondent && <p className="hint">{response.respondent.email}</p>}
      <dl className="forms-sent-answers">
        {form.questions.map((q) => (
          <div key={q.id}>
            <dt>{q.label}</dt>
            <dd>{answerText(intl, q, byQuestion.get(q.id), response.unasked?.includes(q.id))}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** "Export CSV": the service's file of every response, saved where the person chooses. */
function ExportCsv({ form }: { form: Form }) {
  const bridge = useBridge();
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await bridge.call('forms.exportCsv', { id: form.id });
      // A byte-order mark, so spreadsheet programs read the accents right.
      saveTextFile(file.fileName, file.text.startsWith('\uFEFF') ? file.text : `\uFEFF${file.text}`, 'text/csv');
      toast(intl.formatMessage(MESSAGES.exported, { count: form.responseCount, fileName: file.fileName }));
    } catch (error) {
      toast(intl.formatMessage(MESSAGES.notExported, { error: messageOf(error) }));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      isPending={pending}
      isDisabled={form.responseCount === 0 || (form.isAnonymous && form.responseCount < SMALLEST_ANONYMOUS_GROUP)}
      onPress={() => void run()}
    >
      <FormattedMessage id="forms.responses.export" defaultMessage="Export CSV" />
    </Button>
  );
}

/** The answers people gave, newest first, a page at a time; each opened in full. */
export function ResponsesTab({ form }: { form: Form }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<FormResponse | null>(null);
  const list = useAppQuery('forms.responses', { id: form.id, page, pageSize: 25 });
  const shown = form.questions.slice(0, ANSWER_COLUMNS);
  const rows = list.data?.data ?? [];
  return (
    <div className="responses-tab">
      <div className="forms-toolbar">
        <p>
          <FormattedMessage
            id="forms.responses.count"
            defaultMessage="{count, plural, one {# response} other {# responses}}{anonymous, select, yes { · anonymous: no names are kept} other {}}"
            values={{ count: form.responseCount, anonymous: form.isAnonymous ? 'yes' : 'no' }}
          />
        </p>
        <ExportCsv form={form} />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data?.withheld && <Empty>{list.data.withheld}</Empty>}
      {list.data && !list.data.withheld && rows.length === 0 && (
        <Empty>
          {form.status === 'DRAFT' ? (
            <FormattedMessage
              id="forms.responses.emptyDraft"
              defaultMessage="No responses: the form is a draft. Publish and distribute it to collect answers."
            />
          ) : (
            <FormattedMessage
              id="forms.responses.empty"
              defaultMessage="No responses yet. Answers appear here after each sync."
            />
          )}
        </Empty>
      )}
      {rows.length > 0 && (
        <Table aria-label={intl.formatMessage(MESSAGES.table)}>
          <TableHeader>
            <Column isRowHeader>
              <FormattedMessage id="forms.responses.column.respondent" defaultMessage="Respondent" />
            </Column>
            <Column>
              {form.isAnonymous ? (
                <FormattedMessage id="forms.responses.column.submittedOn" defaultMessage="Submitted on" />
              ) : (
                <FormattedMessage id="forms.responses.column.submitted" defaultMessage="Submitted" />
              )}
            </Column>
            {shown.map((q) => (
              <Column key={q.id}>{q.label}</Column>
            ))}
            <Column>
              <span className="visually-hidden">
                <FormattedMessage id="forms.responses.column.open" defaultMessage="Open" />
              </span>
            </Column>
          </TableHeader>
          <TableBody items={rows}>
            {(r: FormResponse) => {
              const byQuestion = new Map(r.answers.map((a) => [a.questionId, a.value]));
              return (
                <Row id={r.id}>
                  <Cell>{who(r, intl)}</Cell>
                  <Cell>{when(form, r, intl)}</Cell>
                  {shown.map((q) => (
                    <Cell key={q.id}>
                      <span className="forms-answer-cell">
                        {answerText(intl, q, byQuestion.get(q.id), r.unasked?.includes(q.id))}
                      </span>
                    </Cell>
                  ))}
                  <Cell>
                    <Button
                      variant="quiet"
                      aria-label={intl.formatMessage(MESSAGES.open, { who: who(r, intl), when: when(form, r, intl) })}
                      onPress={() => setOpened(r)}
                    >
                      <FormattedMessage id="forms.responses.open" defaultMessage="Open" />
                    </Button>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label={intl.formatMessage(MESSAGES.pages)} />}
      {opened && <ResponseDialog form={form} response={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
