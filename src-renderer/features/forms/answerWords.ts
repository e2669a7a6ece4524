import { answerText as textOf } from '@shared/records/answerText';
import type { Question } from '@shared/wire';

/**
 * An answer as people read it: choices by their words, yes and no as such, nothing given as a dash,
 * and "not asked" where the response's other answers hid the question.
 */
export function answerText(q: Pick<Question, 'type'>, value: string | undefined, unasked = false): string {
  return unasked ? 'not asked' : textOf(q.type, value) || '—';
}
