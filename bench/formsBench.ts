import type { Page } from '@playwright/test';
import { writeRow } from '../src-main/core/cache/entities';
import { writeFormResponse } from '../src-main/core/forms/formStore';
import type { CacheDb } from '../src-main/core/cache/openCache';
import { questionTypeSchema, type Form, type FormResponse, type Question } from '../src-shared/wire';
import { shownQuestions } from '../src-shared/rules';
import { withLimit } from './benchKit';

const TYPES = questionTypeSchema.options;

function question(i: number): Question {
  const type = TYPES[i % TYPES.length]!;
  const choice = type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';
  return {
    id: `bench-q-${i}`,
    type,
    label: `Question ${i + 1} of the bench`,
    description: null,
    required: false,
    options: choice ? ['North', 'South', 'East', 'West', 'Centre'] : null,
    min: type === 'SCALE' ? 0 : type === 'RATING' ? 1 : null,
    max: type === 'SCALE' ? 10 : type === 'RATING' ? 5 : null,
    order: i,
    // From the sixth on, every other question is asked only when the fifth's answer is not North:
    // the figures count those against the responses that were asked them.
    showIf:
      i >= 5 && i % 2 === 1
        ? { match: 'all', conditions: [{ questionId: 'bench-q-4', operator: 'notEquals', value: 'North' }] }
        : null,
    section: null,
  };
}

const words = ['clear', 'goals', 'tools', 'meetings', 'focus', 'team', 'lunch', 'office'];
function answer(q: Question, n: number): string {
  switch (q.type) {
    case 'TEXT':
    case 'TEXTAREA':
      return `${words[n % 8]} ${words[(n * 3) % 8]} and ${words[(n * 5) % 8]}`;
    case 'NUMBER':
      return String((n * 7) % 40);
    case 'DATE':
      return `2026-${String((n % 12) + 1).padStart(2, '0')}-1${n % 10}`;
    case 'SINGLE_CHOICE':
      return q.options![n % 5]!;
    case 'MULTIPLE_CHOICE':
      return JSON.stringify([q.options![n % 5], q.options![(n + 2) % 5]]);
    case 'YES_NO':
      return n % 3 ? 'yes' : 'no';
    case 'RATING':
      return String((n % 5) + 1);
    case 'SCALE':
      return String(n % 11);
  }
}

/** A published form in the cache as a sync leaves it, with `responses` answers to every question. */
export function seedFormInCache(db: CacheDb, id: string, questions: number, responses: number): Form {
  const now = new Date().toISOString();
  const form: Form = {
    id,
    title: `Bench form, ${questions} questions`,
    description: null,
    isAnonymous: false,
    requireAuthentication: true,
    allowMultipleSubmissions: true,
    maxSubmissions: null,
    openDate: null,
    closeDate: null,
    status: responses ? 'PUBLISHED' : 'DRAFT',
    questions: Array.from({ length: questions }, (_, i) => question(i)),
    responseCount: responses,
    createdBy: 'bench',
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  db.transaction(() => {
    writeRow(db, 'forms', id, form, form);
    for (let n = 0; n < responses; n++) writeFormResponse(db, id, benchResponse(form, n));
  })();
  return form;
}

/** One more response, as a sync would bring it. */
export function addBenchResponse(db: CacheDb, form: Form, n: number): void {
  writeFormResponse(db, form.id, {
    ...benchResponse(form, n),
    id: `bench-new-${n}`,
    submittedAt: new Date().toISOString(),
  });
}

function benchResponse(form: Form, n: number): FormResponse {
  const given = new Map(form.questions.map((q) => [q.id, answer(q, n)]));
  const shown = shownQuestions(form.questions, given);
  return {
    id: `bench-r-${String(n).padStart(6, '0')}`,
    submittedAt: new Date(Date.now() - (n % 60) * 86_400_000 - n * 1000).toISOString(),
    respondent: null,
    answers: form.questions.filter((q) => shown.has(q.id)).map((q) => ({ questionId: q.id, value: given.get(q.id)! })),
    unasked: form.questions.filter((q) => !shown.has(q.id)).map((q) => q.id),
  };
}

/**
 * Typing into the first question of a builder: per key, the time from the input event to the
 * screen updated (the handler, React's commit, style and layout), as the page measures it.
 */
export async function typingFrames(page: Page, keys: number): Promise<number[]> {
  return (await withLimit(
    page.evaluate(`new Promise((resolve) => {
    const input = document.querySelector('.forms-question-card input');
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    input.focus();
    const times = [];
    let n = 0;
    const next = () => {
      const start = performance.now();
      set.call(input, input.value + 'abcdefghij'[n % 10]);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      void document.body.offsetHeight;
      times.push(performance.now() - start);
      if (++n < ${keys}) requestAnimationFrame(() => setTimeout(next, 0));
      else resolve(times);
    };
    next();
  })`),
    60_000,
    `typing ${keys} keys into the builder`,
  )) as number[];
}

/**
 * One key typed into the first question until the preview beside it shows the new text, painted:
 * the rest of the builder follows a key in a transition, after the key itself is shown.
 */
export async function previewCaughtUp(page: Page): Promise<number> {
  return (await withLimit(
    page.evaluate(`new Promise((resolve, reject) => {
    const input = document.querySelector('.forms-question-card input');
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    input.focus();
    const start = performance.now();
    set.call(input, input.value + 'k');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const want = input.value;
    const check = () => {
      const label = document.querySelector('.forms-builder-preview .forms-questions label');
      if (label && label.textContent.includes(want)) requestAnimationFrame(() => resolve(performance.now() - start));
      else if (performance.now() - start > 10000) reject(new Error('the preview never showed the key'));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`),
    30_000,
    'the builder preview to show a key typed',
  )) as number;
}
