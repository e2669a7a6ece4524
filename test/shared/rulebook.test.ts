import { say } from '../../src-shared/i18n/format';
import { formatEnglish } from '../../src-shared/i18n/english';
import { describe, expect, it } from 'vitest';
import { leaveDateIssues } from '../../src-shared/holidays/leaveDays';
import {
  answerIssue,
  checkAnswers,
  findOverlap,
  isStorableText,
  parseWithRules,
  questionLockRef,
  QUESTIONS_LOCKED_REF,
  statusMoveRef,
  summarizeIssues,
  checkTrainingMove,
  trainingActions,
  trainingDateIssues,
  trainingMove,
  trainingTiming,
  trainingTimingIssues,
  formCreateSchema,
  leaveCreateSchema,
  trainingCreateSchema,
} from '../../src-shared/rules';
import { distributeSchema, trainingPatchSchema, type Question } from '../../src-shared/wire';

const NOT_FOR_PEOPLE = /[a-z][A-Z]|Too (small|big)|expected|Invalid|received|undefined|NaN/;

describe('schema failures read as sentences for people', () => {
  const bad: [string, Parameters<typeof parseWithRules>[0], unknown][] = [
    ['leave, nothing given', leaveCreateSchema, {}],
    ['leave, dates in words', leaveCreateSchema, { startDate: 'monday', endDate: 'friday', type: 'HOLIDAY' }],
    ['training, wrong types', trainingCreateSchema, { name: 3, typeId: 4, categoryId: null, startDate: 5, cost: -1 }],
    [
      'training, too long',
      trainingCreateSchema,
      { name: 'x'.repeat(300), typeId: 't', categoryId: 'c', startDate: '2026-01-01', hours: 'ten' },
    ],
    ['patch, nothing', trainingPatchSchema, {}],
    [
      'form, bad question',
      formCreateSchema,
      { title: '', questions: [{ type: 'SINGLE_CHOICE', label: '', required: 'yes' }] },
    ],
  ];
  for (const [name, schema, input] of bad) {
    it(name, () => {
      const result = parseWithRules(schema, input);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.issues.length).toBeGreaterThan(0);
      for (const issue of result.issues) {
        expect(issue.message, `${issue.path}: ${issue.message}`).not.toMatch(NOT_FOR_PEOPLE);
        expect(issue.message).toMatch(/^[A-Z“]/);
      }
      expect(new Set(result.issues.map((i) => i.path)).size).toBe(result.issues.length);
    });
  }

  it('says "are" of a plural field, "is" of one', () => {
    const long = parseWithRules(leaveCreateSchema, {
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      type: 'ANNUAL',
      notes: 'x'.repeat(2001),
    });
    expect(long).toMatchObject({
      ok: false,
      issues: [{ path: 'notes', message: 'The notes are too long: at most 2000 characters' }],
    });
    const name = parseWithRules(trainingCreateSchema, {
      name: 'x'.repeat(201),
      typeId: 't',
      categoryId: 'c',
      startDate: '2026-01-01',
    });
    expect(name.ok ? [] : name.issues.map((i) => i.message)).toEqual(['The name is too long: at most 200 characters']);
  });

  it('names each missing field by what to do', () => {
    const result = parseWithRules(leaveCreateSchema, { startDate: '', type: 'ANNUAL' });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { path: 'startDate', message: 'Enter the start date' },
        { path: 'endDate', message: 'Enter the end date' },
      ],
    });
  });

  it('sums several issues up in one sentence', () => {
    expect(summarizeIssues([{ path: 'a', message: 'Enter the name' }])).toBe('Enter the name');
    expect(
      summarizeIssues([
        { path: 'a', message: 'Enter the name' },
        { path: 'b', message: 'Choose a category' },
      ]),
    ).toBe('2 things need correcting: Enter the name; Choose a category');
  });
});

describe('text no store can keep', () => {
  it('is a NUL or half of a surrogate pair', () => {
    expect(isStorableText('Zoë 👍 née')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud83db')).toBe(false);
    expect(isStorableText('a\udc4db')).toBe(false);
    expect(isStorableText('\udc4d\ud83d')).toBe(false);
  });

  it('is refused at its path, in words, before the schema is asked', () => {
    const result = parseWithRules(leaveCreateSchema, {
      startDate: 'monday',
      type: 'ANNUAL',
      notes: 'a\u0000b',
      extra: { deep: ['ok', 'a\ud800'] },
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { path: 'notes', message: 'The notes contain a character that cannot be stored' },
        { path: 'extra.deep[1]', message: 'This value contains a character that cannot be stored' },
      ],
    });
    expect(parseWithRules(distributeSchema, { userIds: ['u1', '\u0000'] })).toMatchObject({
      ok: false,
      issues: [{ path: 'userIds[1]', message: 'One of the people contains a character that cannot be stored' }],
    });
    expect(parseWithRules(trainingCreateSchema, { typeId: '\u0000' })).toMatchObject({
      issues: [{ path: 'typeId', message: 'The training type contains a character that cannot be stored' }],
    });
  });

  it('is refused in a field name, which is not sent back as it was', () => {
    expect(parseWithRules(leaveCreateSchema, { 'a\u0000': 1, options: { ['\ud800']: 1 } })).toMatchObject({
      ok: false,
      issues: [
        { path: 'a\ufffd', message: 'A field name contains a character that cannot be stored' },
        { path: 'options.\ufffd', message: 'A name in the options contains a character that cannot be stored' },
      ],
    });
  });

  it('walks a deeply nested input without running out of stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const result = parseWithRules(leaveCreateSchema, { extra: deep });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      'This value contains a character that cannot be stored',
    ]);
  });
});

describe('leave', () => {
  it('order, length and working days', () => {
    expect(leaveDateIssues({ startDate: '2026-03-06', endDate: '2026-03-02' }, 'GB')).toMatchObject([
      { path: 'endDate', message: 'The end date is before the start date' },
    ]);
    expect(leaveDateIssues({ startDate: '2026-01-01', endDate: '2027-01-01' }, 'GB')).toEqual([]);
    expect(leaveDateIssues({ startDate: '2026-01-01', endDate: '2027-01-02' }, 'GB')[0]?.message).toBe(
      'A request can span at most 366 days',
    );
    // A weekend, then Christmas and Boxing Day 2026 in the UK (Friday, and Monday as a substitute day).
    expect(leaveDateIssues({ startDate: '2026-03-07', endDate: '2026-03-08' }, 'GB')[0]?.path).toBe('startDate');
    expect(leaveDateIssues({ startDate: '2026-12-25', endDate: '2026-12-28' }, 'GB')).toHaveLength(1);
    expect(leaveDateIssues({ startDate: '2026-12-25', endDate: '2026-12-28' }, 'US')).toEqual([]);
  });

  it('overlap with own pending or approved leave only', () => {
    const own = [
      { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-03-04T00:00:00.000Z', status: 'REJECTED' as const },
      { startDate: '2026-03-04T00:00:00.000Z', endDate: '2026-03-06T00:00:00.000Z', status: 'PENDING' as const },
    ];
    expect(findOverlap({ startDate: '2026-03-02', endDate: '2026-03-03' }, own)).toBeUndefined();
    expect(findOverlap({ startDate: '2026-03-02', endDate: '2026-03-04' }, own)).toBe(own[1]);
  });
});

describe('trainings', () => {
  it('end and expiry not before the start', () => {
    expect(
      trainingDateIssues({ startDate: '2026-03-02', endDate: '2026-03-01', expiryDate: '2026-01-01' }).map(
        (i) => i.message,
      ),
    ).toEqual(['The end date is before the start date', 'The expiry date is before the start date']);
  });

  it('every field’s issue at once: the dates’ order beside a missing type and hours typed in words', () => {
    // Both of these stop zod from running a refinement of the whole unless told when to.
    const result = parseWithRules(trainingCreateSchema, {
      name: 'Fire safety',
      categoryId: 'c',
      startDate: '2026-03-02',
      endDate: '2026-03-01',
      hours: 'ten',
    });
    expect(result.ok ? [] : result.issues).toMatchObject([
      { path: 'typeId', message: 'Choose a training type' },
      { path: 'hours', message: 'Enter the hours as a number' },
      { path: 'endDate', message: 'The end date is before the start date' },
    ]);
    // A date not written as one speaks for itself; its order is judged once it is.
    const unwritten = parseWithRules(trainingCreateSchema, {
      name: '',
      typeId: 't',
      categoryId: 'c',
      startDate: 'soon',
      endDate: '2026-03-01',
    });
    expect(unwritten.ok ? [] : unwritten.issues.map((i) => i.path)).toEqual(['name', 'startDate']);
  });

  it('status and outcome move only where they make sense', () => {
    const planned = { status: 'PLANNED', outcome: 'PENDING' } as const;
    const cancelled = { status: 'CANCELLED', outcome: 'NOT_APPLICABLE' } as const;
    const passed = { status: 'COMPLETED', outcome: 'PASSED' } as const;
    // Dates long past: only the moves themselves limit what is offered.
    const past = { startDate: '2026-01-05T00:00:00.000Z', endDate: '2026-01-06T00:00:00.000Z' };
    const today = '2026-11-27';
    // Offered: never "passed" on a cancelled training; nothing once it is completed but another outcome.
    expect(trainingActions({ ...planned, ...past }, today)).toEqual([
      'start',
      'passed',
      'failed',
      'complete',
      'cancel',
    ]);
    expect(trainingActions({ status: 'IN_PROGRESS', outcome: 'PENDING', ...past }, today)).toEqual([
      'passed',
      'failed',
      'complete',
      'cancel',
    ]);
    expect(trainingActions({ ...cancelled, ...past }, today)).toEqual(['reinstate']);
    expect(trainingActions({ ...passed, ...past }, today)).toEqual(['failed', 'complete']);
    // Applied: an outcome not given follows the status; staying put is no error.
    expect(trainingMove(planned, { status: 'CANCELLED' })).toEqual({ ok: true, next: cancelled });
    expect(trainingMove(cancelled, { status: 'PLANNED' })).toEqual({ ok: true, next: planned });
    expect(trainingMove(passed, { status: 'COMPLETED' })).toEqual({ ok: true, next: passed });
    expect(trainingMove(passed, { outcome: 'FAILED' })).toEqual({
      ok: true,
      next: { status: 'COMPLETED', outcome: 'FAILED' },
    });
    // Refused, in words, on the field concerned.
    expect(trainingMove(cancelled, { status: 'COMPLETED', outcome: 'PASSED' })).toMatchObject({
      ok: false,
      issue: { path: 'status', message: 'This training is cancelled: it cannot be made completed' },
    });
    expect(trainingMove(cancelled, { outcome: 'PASSED' })).toMatchObject({
      ok: false,
      issue: { path: 'outcome', message: 'A cancelled training has no outcome' },
    });
    expect(trainingMove(planned, { outcome: 'FAILED' })).toMatchObject({
      ok: false,
      issue: { path: 'outcome', message: 'Only a completed training can be passed or failed' },
    });
    expect(trainingMove(passed, { status: 'PLANNED' })).toMatchObject({
      ok: false,
      issue: { path: 'status', message: 'This training is completed: it cannot be made planned' },
    });
  });
});

describe('answers', () => {
  const q = (over: Partial<Question>): Question => ({
    id: 'q1',
    type: 'TEXT',
    label: 'Your team',
    required: false,
    order: 0,
    ...over,
  });
  it('each type in words, naming the question', () => {
    expect(answerIssue(q({ required: true }), ' ')?.message).toBe('Answer “Your team”');
    expect(answerIssue(q({}), '')).toBeNull();
    expect(answerIssue(q({ type: 'NUMBER', min: 0, max: 10 }), '10.5')?.message).toBe(
      'Enter a number from 0 to 10 for “Your team”',
    );
    expect(answerIssue(q({ type: 'NUMBER' }), '2.5')).toBeNull();
    expect(answerIssue(q({ type: 'RATING' }), '6')?.message).toBe('Choose a whole number from 1 to 5 for “Your team”');
    expect(answerIssue(q({ type: 'SCALE' }), '10')).toBeNull();
    expect(answerIssue(q({ type: 'DATE' }), '2026-02-30')?.message).toMatch(/^Enter a date/);
    expect(answerIssue(q({ type: 'MULTIPLE_CHOICE', options: ['A', 'B'] }), '["A","C"]')?.message).toBe(
      '“C” is not an option of “Your team”',
    );
    expect(answerIssue(q({ type: 'YES_NO' }), 'maybe')?.message).toBe('Choose yes or no for “Your team”');
  });
  it('one issue per question, unknown questions named', () => {
    const result = checkAnswers(
      [q({ required: true }), q({ id: 'q2', type: 'YES_NO', required: true, label: 'Again?' })],
      [{ questionId: 'nope', value: 'x' }],
    );
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { path: 'answers.nope', message: 'This question is not part of the form' },
        { path: 'answers.q1', message: 'Answer “Your team”' },
        { path: 'answers.q2', message: 'Answer “Again?”' },
      ],
    });
  });
});

describe('forms', () => {
  it('status moves', () => {
    expect(statusMoveRef('DRAFT', 'PUBLISHED')).toBeNull();
    expect(statusMoveRef('CLOSED', 'PUBLISHED')).toBeNull();
    expect(say(formatEnglish, statusMoveRef('DRAFT', 'CLOSED')!)).toBe('A form that is a draft cannot become closed');
    expect(say(formatEnglish, statusMoveRef('PUBLISHED', 'DRAFT')!)).toBe(
      'A form that is published cannot become a draft',
    );
  });
  it('questions locked once answered, unless rewritten unchanged', () => {
    const questions: Question[] = [
      {
        id: 'q1',
        type: 'RATING',
        label: 'How?',
        required: true,
        order: 0,
        min: 1,
        max: 5,
        options: null,
        description: null,
      },
    ];
    const same = [{ id: 'q1', type: 'RATING' as const, label: 'How?', required: true }];
    expect(questionLockRef({ responseCount: 3, questions }, same)).toBeNull();
    expect(questionLockRef({ responseCount: 3, questions }, [{ ...same[0]!, label: 'Why?' }])).toEqual(
      QUESTIONS_LOCKED_REF,
    );
    expect(questionLockRef({ responseCount: 0, questions }, [{ ...same[0]!, label: 'Why?' }])).toBeNull();
  });
});

describe('a training’s dates limit its status', () => {
  const today = '2026-11-27';
  const planned = { status: 'PLANNED', outcome: 'PENDING' } as const;
  // Starts 28 February 2027, a plain date: midnight UTC.
  const ahead = { ...planned, startDate: '2027-02-28T00:00:00.000Z', endDate: null };
  const underWay = { ...planned, startDate: '2026-11-27T00:00:00.000Z', endDate: '2026-11-29T00:00:00.000Z' };

  it('judges by calendar days: started on its start day, ended on its last', () => {
    expect(trainingTiming(ahead, today)).toBe('not started');
    expect(trainingTiming({ startDate: '2026-11-28T00:00:00.000Z', endDate: null }, today)).toBe('not started');
    // Late in the evening of its start day it has started, the time of day aside.
    expect(trainingTiming({ startDate: '2026-11-27T23:00:00.000Z', endDate: null }, today)).toBe('ended');
    expect(trainingTiming(underWay, today)).toBe('under way');
    expect(trainingTiming({ ...underWay, endDate: '2026-11-27T17:00:00.000Z' }, today)).toBe('ended');
  });

  it('offers only planned or cancelled before the start, passed or failed only once it has ended', () => {
    expect(trainingActions(ahead, today)).toEqual(['cancel']);
    expect(trainingActions({ ...ahead, status: 'CANCELLED', outcome: 'NOT_APPLICABLE' }, today)).toEqual(['reinstate']);
    expect(trainingActions(underWay, today)).toEqual(['start', 'complete', 'cancel']);
    expect(trainingActions({ ...underWay, status: 'IN_PROGRESS' }, today)).toEqual(['complete', 'cancel']);
  });

  it('refuses in words what the dates make impossible, as invalid input rather than a conflict', () => {
    for (const patch of [{ status: 'IN_PROGRESS' }, { status: 'COMPLETED', outcome: 'PASSED' }] as const) {
      expect(checkTrainingMove(ahead, patch, today)).toMatchObject({
        ok: false,
        conflict: false,
        issue: { path: 'status', message: 'This training has not started yet: it can only be planned or cancelled' },
      });
    }
    expect(checkTrainingMove(underWay, { status: 'COMPLETED', outcome: 'FAILED' }, today)).toMatchObject({
      ok: false,
      conflict: false,
      issue: { path: 'outcome', message: 'This training has not ended yet: it can be passed or failed once it has' },
    });
    expect(checkTrainingMove(ahead, { status: 'CANCELLED' }, today)).toEqual({
      ok: true,
      next: { status: 'CANCELLED', outcome: 'NOT_APPLICABLE' },
    });
    // A broken move is still a conflict, whatever the dates.
    expect(
      checkTrainingMove({ ...ahead, status: 'CANCELLED', outcome: 'NOT_APPLICABLE' }, { status: 'COMPLETED' }, today),
    ).toMatchObject({ ok: false, conflict: true });
  });

  it('refuses dates moved so that the status they leave is impossible, and only when the dates move', () => {
    const done = {
      status: 'COMPLETED',
      outcome: 'PASSED',
      startDate: '2026-10-01T00:00:00.000Z',
      endDate: '2026-10-02T00:00:00.000Z',
    } as const;
    expect(
      trainingTimingIssues(done, { ...done, startDate: '2027-01-04T00:00:00.000Z', endDate: null }, today),
    ).toMatchObject([{ path: 'startDate', message: 'This training is completed: it cannot start after today' }]);
    expect(trainingTimingIssues(done, { ...done, endDate: '2026-12-02T00:00:00.000Z' }, today)).toMatchObject([
      { path: 'endDate', message: 'This training is passed: it cannot end after today' },
    ]);
    expect(trainingTimingIssues(done, { ...done, endDate: '2026-11-27T00:00:00.000Z' }, today)).toEqual([]);
    // A record already at odds with its dates can still be renamed; moving its dates is judged.
    const odd = { ...done, startDate: '2027-01-04T00:00:00.000Z', endDate: null };
    expect(trainingTimingIssues(odd, { ...odd }, today)).toEqual([]);
    expect(trainingTimingIssues(odd, { ...odd, startDate: '2026-11-02T00:00:00.000Z' }, today)).toEqual([]);
  });
});
