import { useState } from 'react';
import type { Conflict } from '../../src-shared/appApi';
import { messageOf } from '../bridge/bridge';
import { Dialog } from '../components/Dialog';
import { Empty, ErrorNote, Loading } from '../components/States';
import { useAppQuery, useBridge } from '../state/bridgeContext';

const KIND_NAMES: Record<string, string> = {
  'leave.create': 'New leave request',
  'leave.update': 'Change to a leave request',
  'leave.delete': 'Withdrawn leave request',
  'leave.decide': 'Leave decision',
  'training.create': 'New training',
  'training.update': 'Change to a training',
  'training.patch': 'Training status',
  'training.delete': 'Deleted training',
  'form.submit': 'Form answers',
  'form.create': 'New form',
  'form.update': 'Change to a form',
  'form.delete': 'Deleted form',
  'form.distribute': 'Sending a form',
  'notification.read': 'Notification read',
  'notification.readAll': 'All notifications read',
};

function Side({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="side">
      <h4>{title}</h4>
      {value === null || value === undefined ? (
        <p>Nothing on this side.</p>
      ) : (
        <pre>{JSON.stringify(value, null, 2)}</pre>
      )}
    </div>
  );
}

function ConflictCard({ conflict }: { conflict: Conflict }) {
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
      setError('The edited data is not valid JSON');
    }
  };
  return (
    <article className="conflict" aria-label={KIND_NAMES[conflict.kind] ?? conflict.kind}>
      <h3>{KIND_NAMES[conflict.kind] ?? conflict.kind}</h3>
      <p className="reason">{conflict.message}</p>
      <div className="sides">
        <Side title="Mine" value={conflict.mine} />
        <Side title="The service's" value={conflict.theirs} />
      </div>
      {editing && (
        <label>
          Edit my data
          <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={8} />
        </label>
      )}
      {error && <ErrorNote message={error} />}
      <div className="actions">
        {editing ? (
          <button type="button" className="primary" onClick={retryEdited}>
            Send edited
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => void resolve({ action: 'retry' })}>
            Retry mine
          </button>
        )}
        <button type="button" onClick={() => setEditing(!editing)}>
          {editing ? 'Cancel edit' : 'Edit'}
        </button>
        {conflict.theirs !== null && (
          <button type="button" onClick={() => void resolve({ action: 'keepTheirs' })}>
            Keep the service's
          </button>
        )}
        <button type="button" className="danger" onClick={() => void resolve({ action: 'discard' })}>
          Discard mine
        </button>
      </div>
    </article>
  );
}

/** Changes the service refused, mine beside the service's, with a way out for each. */
export function ConflictsPanel({ onClose }: { onClose: () => void }) {
  const conflicts = useAppQuery('conflicts.list', undefined, ['outbox']);
  return (
    <Dialog title="Conflicts" onClose={onClose}>
      {conflicts.loading && !conflicts.data && <Loading />}
      {conflicts.error && <ErrorNote message={conflicts.error} onRetry={conflicts.reload} />}
      {conflicts.data?.length === 0 && <Empty>No conflicts: everything you changed reached the service.</Empty>}
      {conflicts.data?.map((c) => (
        <ConflictCard key={c.id} conflict={c} />
      ))}
    </Dialog>
  );
}
