import { defineMessage, type IntlShape } from 'react-intl';
import { answerText as textOf } from '@shared/records/answerText';
import type { Question } from '@shared/wire';
import { NONE } from './marks';

/** A yes-or-no answer in words ("Yes", "No"); any other value as given. */
export const YES_NO = defineMessage<{ answer: string }>({
  id: 'forms.answer.yesNo',
  defaultMessage: '{answer, select, yes {Yes} no {No} other {{answer}}}',
});

const NOT_ASKED = defineMessage({ id: 'forms.answer.notAsked', defaultMessage: 'not asked' });

/**
 * An answer as people read it: choices by their words, yes and no as such, nothing given as a dash,
 * and "not asked" where the response's other answers hid the question.
 */
export function answerText(
  intl: IntlShape,
  q: Pick<Question, 'type'>,
  value: string | undefined,
  unasked = false,
): string {
  if (unasked) return intl.formatMessage(NOT_ASKED);
  if (q.type === 'YES_NO' && value !== undefined && value.trim() !== '') {
    return intl.formatMessage(YES_NO, { answer: value });
  }
  return textOf(q.type, value) || NONE;
}
