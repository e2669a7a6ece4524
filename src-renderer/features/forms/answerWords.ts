import { answerText as textOf } from '@shared/records/answerText';
import type { Question } from '@shared/wire';

/** An answer as people read it: choices by their words, yes and no as such, nothing given as a dash. */
export function answerText(q: Pick<Question, 'type'>, value: string | undefined): string {
  return textOf(q.type, value) || '—';
}
