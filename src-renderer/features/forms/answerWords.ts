import type { Question } from '../../../src-shared/wire';

/** An answer as people read it: choices by their words, yes and no as such, nothing given as a dash. */
export function answerText(q: Pick<Question, 'type'>, value: string | undefined): string {
  if (value === undefined || value.trim() === '') return '—';
  if (q.type === 'YES_NO') return value === 'yes' ? 'Yes' : 'No';
  if (q.type === 'MULTIPLE_CHOICE') {
    try {
      return (JSON.parse(value) as string[]).join(', ');
    } catch {
      return value;
    }
  }
  return value;
}
