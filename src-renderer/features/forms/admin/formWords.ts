import { defineMessage } from 'react-intl';
import type { FormStatus } from '@shared/wire';

/** A form's status in a word: "Draft", "Published", "Closed". */
export const FORM_STATUS_NAME = defineMessage<{ status: FormStatus }>({
  id: 'forms.status',
  defaultMessage: '{status, select, DRAFT {Draft} PUBLISHED {Published} CLOSED {Closed} other {{status}}}',
});

export const FORM_STATUSES: readonly FormStatus[] = ['DRAFT', 'PUBLISHED', 'CLOSED'];

/** The title a new form starts with, and a form shows while its title is empty. */
export const UNTITLED_FORM = defineMessage({ id: 'forms.untitled', defaultMessage: 'Untitled form' });

/** A copy's name: of a form, or of a question. */
export const COPY_OF = defineMessage<{ name: string }>({ id: 'forms.copyOf', defaultMessage: '{name} (copy)' });

/** A question by its place in the form: "Question 3". */
export const QUESTION_NUMBER = defineMessage<{ number: number }>({
  id: 'forms.question.number',
  defaultMessage: 'Question {number}',
});
