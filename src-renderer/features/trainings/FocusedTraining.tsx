import type { ReactNode } from 'react';
import type { ListedTraining } from '@shared/appApi';
import { expiryState } from '@shared/records/trainingExpiry';
import { Empty, FocusedRecord, WaitingMark } from '@renderer/components/ui';
import { href } from '@renderer/state/route';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { EXPIRY_TEXT, OUTCOME_TEXT, STATUS_TEXT } from './trainingWords';

/**
 * The training a notification led to, at the top of the list whatever its filters and page, as a
 * leave request is. `actions` adds what may be done with it there.
 */
export function FocusedTraining({
  id,
  shownAt,
  actions,
}: {
  id: string;
  /** The moment expiry is judged at, as the list judges it. */
  shownAt: number;
  actions: (training: ListedTraining) => ReactNode;
}) {
  const training = useAppQuery('trainings.get', { id });
  const names = useAppQuery('users.names', undefined).data;
  const { waiting } = useWaitingIds();
  if (!training.data) {
    return training.loading ? null : <Empty>The training this link is about is no longer on record.</Empty>;
  }
  const t = training.data;
  const person = names?.[t.userId];
  const listed: ListedTraining = { ...t, person: person ? { name: person, department: null } : null };
  const state = expiryState(t, shownAt);
  const what = person ? `${t.name}, ${person}` : t.name;
  const dates = `${t.startDate.slice(0, 10)}${t.endDate && t.endDate.slice(0, 10) !== t.startDate.slice(0, 10) ? ` to ${t.endDate.slice(0, 10)}` : ''}`;
  return (
    <FocusedRecord label={`From your notification: ${what}`} shown={t.id}>
      <h2>{what}</h2>
      <p>
        {dates} · {STATUS_TEXT[t.status]}
        {t.outcome !== 'PENDING' ? ` · ${OUTCOME_TEXT[t.outcome].toLowerCase()}` : ''}
        {waiting.has(t.id) && (
          <>
            {' '}
            <WaitingMark />
          </>
        )}
      </p>
      <p>
        <span className={`badge trainings-expiry-${state}`}>
          {t.expiryDate ? `${t.expiryDate.slice(0, 10)} · ` : ''}
          {EXPIRY_TEXT[state]}
        </span>
      </p>
      {t.notes && <p className="long-text">{t.notes}</p>}
      <div className="trainings-focused-actions">
        {actions(listed)}
        {person && <a href={href('trainings', { person: t.userId })}>{person}’s training record</a>}
      </div>
    </FocusedRecord>
  );
}
