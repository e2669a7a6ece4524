import type { EntityRecords } from '../cache/entities';
import type { Actor } from './changeKind';
import { kindOf, type Operation } from './operations';

export type { Actor } from './changeKind';

/**
 * How a queued change looks on the user's screen before the service has it: its kind's `apply`. The
 * same functions replay pending changes on top of what a pull brings, so both always agree.
 */
export function applyOperation<E extends keyof EntityRecords>(
  record: EntityRecords[E] | null,
  op: Operation,
  actor: Actor,
): EntityRecords[E] | null {
  const apply = kindOf(op.kind).apply as unknown as (
    r: EntityRecords[E] | null,
    op: Operation,
    actor: Actor,
  ) => EntityRecords[E] | null;
  return apply(record, op, actor);
}
