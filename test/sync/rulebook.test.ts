import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import type { Form, ProblemError } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// One rulebook on both sides: offline, the app refuses what the service would, with the same words,
// and queues nothing.
let service: ServiceProcess;
let app: TestBackend;
let form: Form;
let logic: Form;

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  const admin = await service.as('admin@acme.test');
  form = (
    await admin<Form>('POST', '/api/forms', {
      title: 'Course feedback',
      status: 'PUBLISHED',
      questions: [
        {
          type: 'SINGLE_CHOICE',
          label: 'Which session did you attend?',
          required: true,
          options: ['Morning', 'Afternoon'],
        },
        { type: 'RATING', label: 'How was it?', required: true },
        { type: 'TEXT', label: 'Anything else?', required: false },
      ],
    })
  ).body;
  logic = (
    await admin<Form>('POST', '/api/forms', {
      title: 'Year ahead',
      status: 'PUBLISHED',
      questions: [
        { type: 'YES_NO', label: 'Do you see yourself here in a year?', required: true, ref: 'stay' },
        {
          type: 'TEXT',
          label: 'Why not?',
          showIf: { match: 'all', conditions: [{ questionId: 'stay', operator: 'equals', value: 'no' }] },
        },
      ],
    })
  ).body;
  const alice = await admin<{ data: { id: string }[] }>('GET', '/api/users?search=alice');
  for (const f of [form, logic]) {
    await admin('POST', `/api/forms/${f.id}/distribute`, { userIds: [alice.body.data[0]!.id] });
  }
  app = new TestBackend();
  await app.signIn(service.url, 'alice@acme.test');
  await app.call('sync.now');
  await service.stop();
});
afterAll(async () => {
  app.dispose();
  await service.dispose();
});

const WORDS_NOT_FOR_PEOPLE = /startDate|endDate|typeId|categoryId|Too small|Too big|expected|Invalid input|received/;

async function refusal(work: Promise<unknown>): Promise<AppError & { details: ProblemError[] }> {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as (AppError & { details: ProblemError[] }) | null;
  expect(error, 'the call was refused').not.toBeNull();
  return error!;
}

const cases = {
  'a leave ending before it starts': {
    call: () => app.call('leave.create', { startDate: '2027-09-10', endDate: '2027-09-06', type: 'ANNUAL' }),
    route: ['/api/leave', { startDate: '2027-09-10', endDate: '2027-09-06', type: 'ANNUAL' }],
    details: [{ path: 'endDate', message: 'The end date is before the start date' }],
  },
  'an unpaid leave of 428 days': {
    call: () => app.call('leave.create', { startDate: '2027-01-04', endDate: '2028-03-06', type: 'UNPAID' }),
    route: ['/api/leave', { startDate: '2027-01-04', endDate: '2028-03-06', type: 'UNPAID' }],
    details: [{ path: 'endDate', message: 'A request can span at most 366 days' }],
  },
  'a training without its required fields': {
    call: () => app.call('trainings.create', { name: ' ', typeId: '', categoryId: '', startDate: '' }),
    route: ['/api/trainings', { name: ' ', typeId: '', categoryId: '', startDate: '' }],
    details: [
      { path: 'name', message: 'Enter the name' },
      { path: 'typeId', message: 'Choose a training type' },
      { path: 'categoryId', message: 'Choose a category' },
      { path: 'startDate', message: 'Enter the start date' },
    ],
  },
  'a form sent with its required questions empty': {
    call: () =>
      app.call('forms.submit', {
        formId: form.id,
        answers: [{ questionId: form.questions[2]!.id, value: 'Nice' }],
      }),
    route: () => [`/api/forms/submit/${form.id}`, { answers: [{ questionId: form.questions[2]!.id, value: 'Nice' }] }],
    details: () => [
      { path: `answers.${form.questions[0]!.id}`, message: 'Answer “Which session did you attend?”' },
      { path: `answers.${form.questions[1]!.id}`, message: 'Answer “How was it?”' },
    ],
  },
  'an answer to a question the other answers hide': {
    call: () =>
      app.call('forms.submit', {
        formId: logic.id,
        answers: [
          { questionId: logic.questions[0]!.id, value: 'yes' },
          { questionId: logic.questions[1]!.id, value: 'The commute' },
        ],
      }),
    route: () => [
      `/api/forms/submit/${logic.id}`,
      {
        answers: [
          { questionId: logic.questions[0]!.id, value: 'yes' },
          { questionId: logic.questions[1]!.id, value: 'The commute' },
        ],
      },
    ],
    details: () => [
      {
        path: `answers.${logic.questions[1]!.id}`,
        message: 'This question is not asked when “Do you see yourself here in a year?” is Yes',
      },
    ],
  },
} as const;

const refusedOffline = new Map<string, AppError & { details: ProblemError[] }>();

describe('offline, the app refuses at once what breaks a rule, and queues nothing', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, async () => {
      const before = await app.call('sync.status');
      const error = await refusal(c.call());
      const details = typeof c.details === 'function' ? c.details() : c.details;
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.details).toMatchObject(details);
      for (const d of error.details) expect(d.message).not.toMatch(WORDS_NOT_FOR_PEOPLE);
      expect(error.message).not.toMatch(WORDS_NOT_FOR_PEOPLE);
      const after = await app.call('sync.status');
      expect(after.pending).toBe(before.pending);
      expect(await app.call('conflicts.list')).toEqual([]);
      refusedOffline.set(name, error);
    });
  }
});

describe('the service answers the same input with the same words', () => {
  beforeAll(async () => {
    await service.start();
  });
  for (const [name, c] of Object.entries(cases)) {
    it(name, async () => {
      const api = await service.as('alice@acme.test');
      const [path, body] = (typeof c.route === 'function' ? c.route() : c.route) as readonly [string, unknown];
      const res = await api<{ detail: string; errors: ProblemError[] }>('POST', path, body);
      expect(res.status).toBe(400);
      const offline = refusedOffline.get(name)!;
      // The same words and codes; the values the app keeps to say them again stay in the app.
      expect(res.body.errors).toEqual(offline.details.map(({ path, code, message }) => ({ path, code, message })));
      expect(res.body.detail).toBe(offline.message);
    });
  }
});
