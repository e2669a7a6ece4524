import { useState } from 'react';
import type { ImportCheck } from '@shared/appApi';
import { importRowOf } from '@shared/rules';
import { Button, Dialog, ErrorNote, PlainHead, toast } from '@renderer/components/ui';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { COLUMN_NAMES, readImportFile, type ParsedFile } from './importFile';

/** How many rows the preview lists (every row with an issue is listed besides). */
const PREVIEW = 100;

function issueWords(path: string, message: string): string {
  const field = /^rows\[\d+\]\.(\w+)/.exec(path)?.[1];
  return field ? `${COLUMN_NAMES[field] ?? field}: ${message}` : message;
}

/**
 * "Import people" from a CSV file: read here, checked here against the people this computer knows
 * (each row's issues in words before anything is sent), then queued as one import.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
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
    issuesByRow.set(row, [...(issuesByRow.get(row) ?? []), issueWords(issue.path, issue.message)]);
  }
  const shown = rows.map((row, i) => ({ row, i })).filter(({ i }) => i < PREVIEW || issuesByRow.has(i));
  const changes = check ? check.created + check.updated : 0;
  const ready = check && check.issues.length === 0 && changes > 0;

  return (
    <Dialog title="Import people" onClose={onClose} size="large">
      <p>
        A CSV file with a header row: <code>email</code>, <code>first name</code>, <code>last name</code>,{' '}
        <code>nationality</code> (a country code such as GB), and if you like <code>department</code>,{' '}
        <code>manager email</code>, <code>start date</code> (YYYY-MM-DD) and <code>roles</code>. People are matched by
        email: new ones are invited, known ones updated. Nothing is sent until every row is right.
      </p>
      <div className="field">
        <label htmlFor="import-file">CSV file</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
      </div>
      {file?.parsed.problem && <ErrorNote message={file.parsed.problem} />}
      {file && file.parsed.missing.length > 0 && (
        <ErrorNote message={`The file has no column for: ${file.parsed.missing.join(', ')}`} />
      )}
      {file && file.parsed.ignored.length > 0 && (
        <p className="hint">Columns not read: {file.parsed.ignored.join(', ')}</p>
      )}
      {checking.error && <ErrorNote message={checking.error} />}
      {check && (
        <p role="status">
          {rows.length} row{rows.length === 1 ? '' : 's'}: {check.created} new, {check.updated} updated,{' '}
          {check.unchanged} unchanged
          {check.departmentsCreated.length > 0 && `; new departments: ${check.departmentsCreated.join(', ')}`}
          {check.issues.length > 0 &&
            ` — ${issuesByRow.size} row${issuesByRow.size === 1 ? ' needs' : 's need'} correcting in the file before anything is imported`}
        </p>
      )}
      {check && (
        <div className="people-import-preview">
          <table className="table">
            <caption className="visually-hidden">Rows of {file?.name}</caption>
            <PlainHead columns={['Row', 'Email', 'Name', 'Department', 'Manager’s email', 'Issues']} />
            <tbody>
              {shown.map(({ row, i }) => {
                const issues = issuesByRow.get(i);
                return (
                  <tr key={i} className={issues ? 'people-row-invalid' : undefined}>
                    <th scope="row" className="cell">
                      {i + 2}
                    </th>
                    <td className="cell">{String(row.email ?? '')}</td>
                    <td className="cell">{`${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`}</td>
                    <td className="cell">{String(row.department ?? '')}</td>
                    <td className="cell">{String(row.managerEmail ?? '')}</td>
                    <td className="cell">{issues ? issues.join('; ') : 'OK'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {rows.length > shown.length && <p className="hint">The other {rows.length - shown.length} rows are fine.</p>}
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
                queuedWords({ online: `Importing ${changes} people`, offline: `Import of ${changes} people saved` }),
              );
              onClose();
            })
          }
        >
          {check ? `Import ${changes} ${changes === 1 ? 'person' : 'people'}` : 'Import'}
        </Button>
        <Button onPress={onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}
