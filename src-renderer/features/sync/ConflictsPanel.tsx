import { useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Conflict } from '@shared/appApi';
import { capitalize, fieldWords } from '@shared/rules';
import { messageOf } from '@renderer/bridge/bridge';
import { Button, Dialog, Empty, ErrorNote, Loading, NOTHING, TextField } from '@renderer/components/ui';
import { dateText } from '@renderer/i18n/dates';
import { SPACE } from '@renderer/i18n/punctuation';
import { useBridge } from '@renderer/state/bridgeContext';
import { useAppQuery } from '@renderer/state/useAppQuery';

const MESSAGES = defineMessages({
  title: { id: 'sync.conflictsPanel.title', defaultMessage: 'Conflicts' },
  differs: { id: 'sync.conflictsPanel.differs', defaultMessage: '(differs)' },
  gone: { id: 'sync.conflictsPanel.gone', defaultMessage: 'gone from the service' },
  notJson: { id: 'sync.conflictsPanel.notJson', defaultMessage: 'The edited data is not valid JSON' },
  editMine: { id: 'sync.conflictsPanel.editMine', defaultMessage: 'Edit my data' },
});
const SAME = defineMessage<{ count: number }>({
  id: 'sync.conflictsPanel.same',
  defaultMessage:
    '{count, plural, one {{count} other field is the same on both sides.} other {{count} other fields are the same on both sides.}}',
});

/** "notes" → "Notes", "typeId" → "Training type": the field as people call it. */
const fieldName = (key: string) => capitalize(fieldWords([key]).noun.replace(/^(the|a|an) /, ''));

/** A date of leave is stored as midnight UTC: shown as the date, as the person typed it. */
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/;
const shown = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? NOTHING
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v).replace(MIDNIGHT, '$1');
/** A value as its reader reads it: a day as the page's locale writes it. */
const written = (intl: IntlShape, v: unknown) => {
  const text = shown(v);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? dateText(intl, text) : text;
};
const same = (a: unknown, b: unknown) =>
  shown(a) === shown(b) ||
  (typeof a === 'string' && typeof b === 'string' && b.startsWith(a) && /^\d{4}-\d{2}-\d{2}/.test(a));

/** Each field I changed, mine beside the service's; differences named, not only coloured. */
function Sides({ mine, theirs }: { mine: unknown; theirs: unknown }) {
  const intl = useIntl();
  const m = (mine && typeof mine === 'object' ? mine : {}) as Record<string, unknown>;
  const t = (theirs && typeof theirs === 'object' ? theirs : null) as Record<string, unknown> | null;
  // The fields that differ; the rest are summed up in a line.
  const all = Object.keys(m);
  const keys = t ? all.filter((k) => !same(m[k], t[k])) : all;
  if (all.length === 0)
    return (
      <p>
        {t ? (
          <FormattedMessage
            id="sync.conflictsPanel.whole"
            defaultMessage="The service has this record; mine removes or changes it as a whole."
          />
        ) : (
          <FormattedMessage id="sync.conflictsPanel.nothingToCompare" defaultMessage="Nothing to compare." />
        )}
      </p>
    );
  return (
    <>
      <table className="sync-sides">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="sync.conflictsPanel.field" defaultMessage="Field" />
            </th>
            <th scope="col">
              <FormattedMessage id="sync.conflictsPanel.mine" defaultMessage="Mine" />
            </th>
            <th scope="col">
              <FormattedMessage id="sync.conflictsPanel.theirs" defaultMessage="The service’s" />
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => {
            const differs = t !== null && !same(m[k], t[k]);
            return (
              <tr key={k} className={differs ? 'sync-differs' : ''}>
                <th scope="row">
                  {fieldName(k)}
                  {differs && (
                    <span className="visually-hidden">
                      {SPACE}
                      {intl.formatMessage(MESSAGES.differs)}
                    </span>
                  )}
                </th>
                <td>{written(intl, m[k])}</td>
                <td>{t ? written(intl, t[k]) : intl.formatMessage(MESSAGES.gone)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {all.length > keys.length && (
        <p className="hint">{intl.formatMessage(SAME, { count: all.length - keys.length })}</p>
      )}
    </>
  );
}

function ConflictCard({ conflict }: { conflict: Conflict }) {
  const intl = useIntl();
  const bridge = useBridge();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(JSON.stringify(conflict.mine, null, 2));
  const [error, setError] = useState<string | null>(null);
  const resolve = async (resolution: Parameters<typeof bridge.call<'conflicts.resolve'>>[1]['resolution']) => {
    setError(null);
    try {
      await bridge.call('conflicts.resolve', { id: conflict.id, resolution });
      await bridge.call('sync.now', undefined);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const retryEdited = () => {
    try {
      void resolve({ action: 'retry', payload: JSON.parse(draft) as unknown });
    } catch {
      setError(intl.formatMessage(MESSAGES.notJson));
    }
  };
  const can = (choice: Conflict['choices'][number]) => conflict.choices.includes(choice);
  return (
    <article className="sync-conflict" aria-label={conflict.subject}>
      <h3>{conflict.subject}</h3>
      <p className="sync-kind">{conflict.kindName}</p>
      <p className="sync-reason">{conflict.outcome}</p>
      <Sides mine={conflict.mine} theirs={conflict.theirs} />
      {editing && (
        <TextField label={intl.formatMessage(MESSAGES.editMine)} value={draft} onChange={setDraft} rows={8} />
      )}
      {error && <ErrorNote message={error} />}
      <div className="actions">
        {editing && (
          <Button variant="primary" onPress={retryEdited}>
            <FormattedMessage id="sync.conflictsPanel.sendEdited" defaultMessage="Send edited" />
          </Button>
        )}
        {!editing && can('retry') && (
          <Button variant="primary" onPress={() => void resolve({ action: 'retry' })}>
            <FormattedMessage id="sync.conflictsPanel.retryMine" defaultMessage="Retry mine" />
          </Button>
        )}
        {can('edit') && (
          <Button onPress={() => setEditing(!editing)}>
            {editing ? (
              <FormattedMessage id="sync.conflictsPanel.cancelEdit" defaultMessage="Cancel edit" />
            ) : (
              <FormattedMessage id="sync.conflictsPanel.edit" defaultMessage="Edit" />
            )}
          </Button>
        )}
        {can('keepTheirs') && (
          <Button onPress={() => void resolve({ action: 'keepTheirs' })}>
            <FormattedMessage id="sync.conflictsPanel.keepTheirs" defaultMessage="Keep the service’s" />
          </Button>
        )}
        <Button variant="danger" onPress={() => void resolve({ action: 'discard' })}>
          <FormattedMessage id="sync.conflictsPanel.discardMine" defaultMessage="Discard mine" />
        </Button>
      </div>
    </article>
  );
}

/** Changes the service refused, mine beside the service's, with a way out for each. */
export function ConflictsPanel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const conflicts = useAppQuery('conflicts.list', undefined);
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title)} onClose={onClose} size="large">
      {conflicts.loading && !conflicts.data && <Loading />}
      {conflicts.error && <ErrorNote message={conflicts.error} onRetry={conflicts.reload} />}
      {conflicts.data?.length === 0 && (
        <Empty>
          <FormattedMessage
            id="sync.conflictsPanel.empty"
            defaultMessage="No conflicts: everything you changed reached the service."
          />
        </Empty>
      )}
      {conflicts.data?.map((c) => (
        <ConflictCard key={c.id} conflict={c} />
      ))}
    </Dialog>
  );
}
