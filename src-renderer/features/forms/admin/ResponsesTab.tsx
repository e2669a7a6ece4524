import { useState } from 'react';
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
import { dateTime, utcDay } from '../myFormWords';

/** Questions shown as columns; the rest are read in the response itself. */
const ANSWER_COLUMNS = 6;

const who = (r: FormResponse) => (r.respondent ? r.respondent.name : 'Anonymous');
/** When it came: an anonymous form's by day only. */
const when = (form: Form, r: FormResponse) => (form.isAnonymous ? utcDay(r.submittedAt) : dateTime(r.submittedAt));

function ResponseDialog({ form, response, onClose }: { form: Form; response: FormResponse; onClose: () => void }) {
  const byQuestion = new Map(response.answers.map((a) => [a.questionId, a.value]));
  return (
    <Dialog title={`${who(response)}, ${when(form, response)}`} onClose={onClose} size="large">
      {response.respondent && <p className="hint">{response.respondent.email}</p>}
      <dl className="forms-sent-answers">
        {form.questions.map((q) => (
          <div key={q.id}>
            <dt>{q.label}</dt>
            <dd>{answerText(q, byQuestion.get(q.id), response.unasked?.includes(q.id))}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** "Export CSV": the service's file of every response, saved where the person chooses. */
function ExportCsv({ form }: { form: Form }) {
  const bridge = useBridge();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await bridge.call('forms.exportCsv', { id: form.id });
      // A byte-order mark, so spreadsheet programs read the accents right.
      saveTextFile(file.fileName, file.text.startsWith('\uFEFF') ? file.text : `\uFEFF${file.text}`, 'text/csv');
      toast(`Exported ${form.responseCount} response${form.responseCount === 1 ? '' : 's'} to ${file.fileName}`);
    } catch (error) {
      toast(`The responses could not be exported: ${messageOf(error)}`);
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
      Export CSV
    </Button>
  );
}

/** The answers people gave, newest first, a page at a time; each opened in full. */
export function ResponsesTab({ form }: { form: Form }) {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<FormResponse | null>(null);
  const list = useAppQuery('forms.responses', { id: form.id, page, pageSize: 25 });
  const shown = form.questions.slice(0, ANSWER_COLUMNS);
  const rows = list.data?.data ?? [];
  return (
    <div className="responses-tab">
      <div className="forms-toolbar">
        <p>
          {form.responseCount} response{form.responseCount === 1 ? '' : 's'}
          {form.isAnonymous ? ' · anonymous: no names are kept' : ''}
        </p>
        <ExportCsv form={form} />
      </div>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {!list.data && list.loading && <Loading />}
      {list.data?.withheld && <Empty>{list.data.withheld}</Empty>}
      {list.data && !list.data.withheld && rows.length === 0 && (
        <Empty>
          {form.status === 'DRAFT'
            ? 'No responses: the form is a draft. Publish and distribute it to collect answers.'
            : 'No responses yet. Answers appear here after each sync.'}
        </Empty>
      )}
      {rows.length > 0 && (
        <Table aria-label="Responses">
          <TableHeader>
            <Column isRowHeader>Respondent</Column>
            <Column>{form.isAnonymous ? 'Submitted on' : 'Submitted'}</Column>
            {shown.map((q) => (
              <Column key={q.id}>{q.label}</Column>
            ))}
            <Column>
              <span className="visually-hidden">Open</span>
            </Column>
          </TableHeader>
          <TableBody items={rows}>
            {(r: FormResponse) => {
              const byQuestion = new Map(r.answers.map((a) => [a.questionId, a.value]));
              return (
                <Row id={r.id}>
                  <Cell>{who(r)}</Cell>
                  <Cell>{when(form, r)}</Cell>
                  {shown.map((q) => (
                    <Cell key={q.id}>
                      <span className="forms-answer-cell">
                        {answerText(q, byQuestion.get(q.id), r.unasked?.includes(q.id))}
                      </span>
                    </Cell>
                  ))}
                  <Cell>
                    <Button
                      variant="quiet"
                      aria-label={`Open the response of ${who(r)}, ${when(form, r)}`}
                      onPress={() => setOpened(r)}
                    >
                      Open
                    </Button>
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
      {list.data && <Pagination meta={list.data.meta} onPage={setPage} label="Response pages" />}
      {opened && <ResponseDialog form={form} response={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
