import { useMemo } from 'react';
import { useAppQuery } from './useAppQuery';

/** The ids of records with a change not sent yet (their "Waiting to sync" marks), and the answer to depend on. */
export function useWaitingIds(): { waiting: ReadonlySet<string>; answer: unknown } {
  const query = useAppQuery('sync.waiting', undefined);
  const waiting = useMemo(() => new Set(query.data ?? []), [query.data]);
  return { waiting, answer: query.data };
}
