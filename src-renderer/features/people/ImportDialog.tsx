import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ImportCheck } from '@shared/appApi';
import { importRowOf, issueWords as sayIssue } from '@shared/rules';
import { Button, Dialog, ErrorNote, PlainHead, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { COLUMN_NAME, readImportFile, type ParsedFile } from './importFile';
import { fullNameOf } from './personWords';

/** How many rows the preview lists (every row with an issue is listed besides). */
const PREVIEW = 100;

const MESSAGES = {
  issue: defineMessage<{ column: string; issue: string }>({
    id: 'people.import.issue',
    defaultMessage: '{column}: {issue}',
  }),
  title: defineMessage({ id: 'people.import.title', defaultMessage: 'Import people' }),
  missing: defineMessage<{ columns: string }>({
    id: 'people.import.missing',
    defaultMessage: 'The file has no column for: {columns}',
  }),
  rowsCaption: defineMessage<{ file: string }>({ id: 'people.import.rowsCaption', defaultMessage: 'Rows of {file}' }),
  row: defineMessage({ id: 'people.import.column.row', defaultMessage: 'Row' }),
  email: defineMessage({ id: 'people.import.column.email', defaultMessage: 'Email' }),
  name: defineMessage({ id: 'people.import.column.name', defaultMessage: 'Name' }),
  department: defineMessage({ id: 'people.import.column.department', defaultMessage: 'Department' }),
  managerEmail: defineMessage({ id: 'people.import.column.managerEmail', defaultMessage: 'Manager’s email' }),
  issues: defineMessage({ id: 'people.import.column.issues', defaultMessage: 'Issues' }),
  ok: defineMessage({ id: 'people.import.ok', defaultMessage: 'OK' }),
  importing: defineMessage<{ count: number }>({
    id: 'people.import.importing',
    defaultMessage: '{count, plural, one {Importing # people} other {Importing # people}}',
  }),
  importSaved: defineMessage<{ count: number }>({
    id: 'people.import.saved',
    defaultMessage: '{count, plural, one {Import of # people saved} other {Import of # people saved}}',
  }),
  importCount: defineMessage<{ count: number }>({
    id: 'people.import.submitCount',
    defaultMessage: '{count, plural, one {Import # person} other {Import # people}}',
  }),
  import: defineMessage({ id: 'people.import.submit', defaultMessage: 'Import' }),
};

function issueWords(path: string, message: string, intl: IntlShape): string {
  const field = /^rows\[\d+\]\.(\w+)/.exec(path)?.[1];
  return field
    ? intl.formatMessage(MESSAGES.issue, { column: intl.formatMessage(COLUMN_NAME, { column: field }), issue: message })
    : message;
}

/**
 * "Import people" from a CSV file: read here, checked here against the people this computer knows
 * (each row's issues in words before anything is sent), then queued as one import.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const format = useFormatMessage();
  const [file, setFile] = useState<{ name: string; parsed: ParsedFile } | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const checking = useAppAction('people.checkImport');
  const importing = useAppAction('people.import');

  const choose = async (chosen: File | undefined) => {
    setCheck(null);
    if (!chosen) return;
    const parsed = readImportFile(await chosen.text());
    setFile({ name: chosen.name, parsed });
    if (parsed.problem || parsed.missing.length) return;
    const result = await checking.run({ rows: parsed.rows });
    if (result) setCheck(result);
  };

  const rows = file?.parsed.rows ?? [];
  const issuesByRow = new Map<number, string[]>();
  for (const issue of check?.issues ?? []) {
    const row = importRowOf(issue.path);
    if (row === null) continue;
    issuesByRow.set(row, [...(issuesByRow.get(row) ?? []), issueWords(issue.path, sayIssue(format, issue), intl)]);
  }
  const shown = rows.map((row, i) => ({ row, i })).filter(({ i }) => i < PREVIEW || issuesByRow.has(i));
  const changes = check ? check.created + check.updated : 0;
  const ready = check && check.issues.length === 0 && changes > 0;

  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="large">
      <p>
        <FormattedMessage
          id="people.import.explain"
          defaultMessage="A CSV file with a header row: <code>email</code>, <code>first name</code>, <code>last name</code>, <code>nationality</code> (a country code such as GB), and if you like <code>department</code>, <code>manager email</code>, <code>start date</code> (YYYY-MM-DD) and <code>roles</code>. People are matched by email: new ones are invited, known ones updated. Nothing is sent until every row is right."
          values={{ code: (chunks) => <code>{chunks}</code> }}
        />
      </p>
      <div className="field">
        <label htmlFor="import-file">
          <FormattedMessage id="people.import.file" defaultMessage="CSV file" />
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
      </div>
      {file?.parsed.problem && <ErrorNote message={intl.formatMessage(file.parsed.problem)} />}
      {file && file.parsed.missing.length > 0 && (
        <ErrorNote
          message={intl.formatMessage(MESSAGES.missing, {
            columns: file.parsed.missing.map((column) => intl.formatMessage(COLUMN_NAME, { column })).join(', '),
          })}
        />
      )}
      {file && file.parsed.ignored.length > 0 && (
        <p className="hint">
          <FormattedMessage
            id="people.import.ignored"
            defaultMessage="Columns not read: {columns}"
            values={{ columns: file.parsed.ignored.join(', ') }}
          />
        </p>
      )}
      {checking.error && <ErrorNote message={checking.error} />}
      {check && (
        <p role="status">
          <FormattedMessage
            id="people.import.checked"
            defaultMessage="{rows, plural, one {# row} other {# rows}}: {created} new, {updated} updated, {unchanged} unchanged"
            values={{ rows: rows.length, created: check.created, updated: check.updated, unchanged: check.unchanged }}
          />
          {check.departmentsCreated.length > 0 && (
            <FormattedMessage
              id="people.import.newDepartments"
              defaultMessage="; new departments: {departments}"
              values={{ departments: check.departmentsCreated.join(', ') }}
            />
          )}
          {check.issues.length > 0 && (
            <FormattedMessage
              id="people.import.needCorrecting"
              defaultMessage="{count, plural, one { — # row needs correcting in the file before anything is imported} other { — # rows need correcting in the file before anything is imported}}"
              values={{ count: issuesByRow.size }}
            />
          )}
        </p>
      )}
      {check && (
        <div className="people-import-preview">
          <table className="table">
            <caption className="visually-hidden">
              {intl.formatMessage(MESSAGES.rowsCaption, { file: file?.name ?? '' })}
            </caption>
            <PlainHead
              columns={[
                intl.formatMessage(MESSAGES.row),
                intl.formatMessage(MESSAGES.email),
                intl.formatMessage(MESSAGES.name),
                intl.formatMessage(MESSAGES.department),
                intl.formatMessage(MESSAGES.managerEmail),
                intl.formatMessage(MESSAGES.issues),
              ]}
            />
            <tbody>
              {shown.map(({ row, i }) => {
                const issues = issuesByRow.get(i);
                return (
                  <tr key={i} className={issues ? 'people-row-invalid' : undefined}>
                    <th scope="row" className="cell">
                      {i + 2}
                    </th>
                    <td className="cell">{String(row.email ?? '')}</td>
                    <td className="cell">
                      {fullNameOf({ firstName: String(row.firstName ?? ''), lastName: String(row.lastName ?? '') })}
                    </td>
                    <td className="cell">{String(row.department ?? '')}</td>
                    <td className="cell">{String(row.managerEmail ?? '')}</td>
                    <td className="cell">{issues ? issues.join('; ') : intl.formatMessage(MESSAGES.ok)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {rows.length > shown.length && (
            <p className="hint">
              <FormattedMessage
                id="people.import.othersFine"
                defaultMessage="{count, plural, one {The other # rows are fine.} other {The other # rows are fine.}}"
                values={{ count: rows.length - shown.length }}
              />
            </p>
          )}
        </div>
      )}
      {importing.error && <ErrorNote message={importing.error} />}
      <div className="actions">
        <Button
          variant="primary"
          isDisabled={!ready}
          isPending={importing.pending}
          onPress={() =>
            void importing.run({ rows }).then((done) => {
              if (!done) return;
              toast(
                queuedWords(
                  {
                    online: intl.formatMessage(MESSAGES.importing, { count: changes }),
                    offline: intl.formatMessage(MESSAGES.importSaved, { count: changes }),
                  },
                  intl,
                ),
              );
              onClose();
            })
          }
        >
          {check ? intl.formatMessage(MESSAGES.importCount, { count: changes }) : intl.formatMessage(MESSAGES.import)}
        </Button>
        <Button onPress={onClose}>
          <FormattedMessage id="people.import.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </Dialog>
  );
}
