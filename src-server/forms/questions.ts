import type { Question, QuestionInput } from '@shared/wire';
import { questionsAsStored } from '@shared/rules';
import { newId } from '../db/ids';
import { invalid } from '../http/problem';

/** Questions as stored, new ones with new ids; a 400 naming each question that is not the form's. */
export function normalizeQuestions(inputs: QuestionInput[], existing: Question[]): Question[] {
  const result = questionsAsStored(inputs, existing, newId);
  if (!result.ok) throw invalid(result.issues);
  return result.questions;
}
