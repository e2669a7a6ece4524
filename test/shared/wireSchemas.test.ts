import { describe, expect, it } from 'vitest';
import { trainingRecord } from '../support/records';
import type { z } from 'zod';
import {
  calendarSchema,
  distributeSchema,
  formAnalyticsSchema,
  formResponseListSchema,
  formSchema,
  leaveSchema,
  leaveStatusUpdateSchema,
  notificationListQuerySchema,
  notificationListSchema,
  problemSchema,
  questionInputSchema,
  referenceListSchema,
  submissionSchema,
  tokenResponseSchema,
  trainingListQuerySchema,
  trainingPatchSchema,
  trainingSchema,
  userListQuerySchema,
} from '../../src-shared/wire';
import {
  formatPath,
  calendarQuerySchema,
  formCreateSchema,
  leaveCreateSchema,
  trainingCreateSchema,
} from '../../src-shared/rules';

/** The paths of every issue, as the service reports them in `errors`. */
function pathsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => formatPath(i.path)).sort();
}

const meta = { id: 'r1', createdAt: '2026-03-02T00:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z', version: 2 };

describe('seed shapes are accepted', () => {
  it('token response, with or without a refresh token', () => {
    const token = {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 900,
      expires_at: 1_800_000_000,
      user: { id: 'u1', email: 'a@b.test', organizationId: 'o1', roles: ['USER'] },
    };
    expect(tokenResponseSchema.parse(token)).toEqual(token);
    const { refresh_token: _, ...withoutRefresh } = token;
    expect(tokenResponseSchema.safeParse(withoutRefresh).success).toBe(true);
  });

  it('training create body with every field the service takes', () => {
    const body = {
      name: 'First aid',
      typeId: 't1',
      categoryId: 'c1',
      startDate: '2026-03-02T00:00:00.000Z',
      endDate: '2026-03-03T00:00:00+01:00',
      expiryDate: '2028-03-02',
      providerId: 'p1',
      cost: 120.5,
      notes: 'Bring boots',
      structuredUnits: 2,
      unstructuredUnits: 0,
      hours: 7.5,
    };
    expect(trainingCreateSchema.parse(body)).toEqual(body);
    expect(trainingPatchSchema.parse({ status: 'COMPLETED', outcome: 'PASSED' })).toEqual({
      status: 'COMPLETED',
      outcome: 'PASSED',
    });
  });

  it('a training record', () => {
    const record = trainingRecord({ ...meta, hours: 3 });
    expect(trainingSchema.parse(record)).toEqual(record);
  });

  it('leave create, status and record; the calendar', () => {
    const body = {
      startDate: '2026-03-02T00:00:00.000Z',
      endDate: '2026-03-06T00:00:00.000Z',
      type: 'ANNUAL',
      notes: 'Trip',
    };
    expect(leaveCreateSchema.parse(body)).toEqual(body);
    expect(leaveStatusUpdateSchema.parse({ status: 'APPROVED' })).toEqual({ status: 'APPROVED' });
    const leave = { ...meta, userId: 'u1', ...body, status: 'PENDING', days: 5, reviewedBy: null, reviewedAt: null };
    expect(leaveSchema.parse(leave)).toEqual(leave);
    const calendar = {
      range: { startDate: '2026-03-01', endDate: '2026-03-31' },
      users: [
        {
          user: { id: 'u1', firstName: 'A', lastName: 'B', departmentId: null, nationality: 'GB' },
          leave: [leave],
          holidays: [{ date: '2026-03-17', name: "Saint Patrick's Day" }],
        },
      ],
    };
    expect(calendarSchema.parse(calendar)).toEqual(calendar);
    expect(calendarQuerySchema.parse({ startDate: '2026-03-01', endDate: '2026-03-31', types: 'ANNUAL,SICK' })).toEqual(
      {
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        types: ['ANNUAL', 'SICK'],
      },
    );
  });

  it('form create body, a form, a submission, responses and analytics', () => {
    const create = {
      title: 'Pulse',
      description: 'Weekly',
      isAnonymous: true,
      requireAuthentication: true,
      allowMultipleSubmissions: false,
      maxSubmissions: 100,
      openDate: '2026-03-01T00:00:00.000Z',
      closeDate: '2026-04-01T00:00:00.000Z',
      questions: [
        { type: 'SCALE', label: 'Recommend us?', required: true, min: 0, max: 10 },
        { type: 'MULTIPLE_CHOICE', label: 'Which?', options: ['A', 'B', 'C'] },
      ],
    };
    expect(formCreateSchema.parse(create).questions?.[1]?.required).toBe(false);
    const form = {
      ...meta,
      ...create,
      status: 'PUBLISHED',
      responseCount: 0,
      createdBy: 'u1',
      questions: [{ id: 'q1', type: 'YES_NO', label: 'OK?', required: true, order: 0 }],
    };
    expect(formSchema.parse(form)).toEqual(form);
    expect(submissionSchema.parse({ answers: [{ questionId: 'q1', value: '["A","C"]' }] })).toBeTruthy();
    expect(
      formResponseListSchema.parse({
        data: [
          { id: 's1', submittedAt: meta.createdAt, respondent: null, answers: [{ questionId: 'q1', value: 'yes' }] },
        ],
        meta: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
      }).data[0]?.respondent,
    ).toBeNull();
    const analytics = {
      formId: 'f1',
      responseCount: 2,
      distributedCount: 4,
      completionRate: 0.5,
      responsesByDay: [{ date: '2026-03-02', count: 2 }],
      questions: [
        { questionId: 'q1', type: 'YES_NO', label: 'OK?', answered: 2, skipped: 0, yes: 1, no: 1 },
        {
          questionId: 'q2',
          type: 'SCALE',
          label: 'NPS',
          answered: 2,
          skipped: 0,
          mean: 8,
          median: 8,
          min: 6,
          max: 10,
          distribution: [
            { value: 6, count: 1 },
            { value: 10, count: 1 },
          ],
          nps: { promoters: 1, passives: 0, detractors: 1, score: 0 },
        },
        {
          questionId: 'q3',
          type: 'MULTIPLE_CHOICE',
          label: 'Which?',
          answered: 2,
          skipped: 0,
          options: [{ option: 'A', count: 2, percent: 100 }],
        },
        {
          questionId: 'q4',
          type: 'TEXT',
          label: 'Why?',
          answered: 1,
          skipped: 1,
          recent: ['x'],
          topWords: [{ word: 'x', count: 1 }],
        },
        { questionId: 'q5', type: 'DATE', label: 'When?', answered: 0, skipped: 2, earliest: null, latest: null },
      ],
    };
    expect(formAnalyticsSchema.parse(analytics)).toEqual(analytics);
  });

  it('notifications list, reference lists and problem details', () => {
    const list = {
      data: [
        {
          ...meta,
          type: 'LEAVE_APPROVED',
          title: 'Leave approved',
          body: 'Your leave of 2–6 March was approved',
          read: false,
          readAt: null,
          data: { leaveId: 'l1' },
        },
      ],
      meta: { page: 1, pageSize: 10, total: 1, totalPages: 1, unreadCount: 1 },
    };
    expect(notificationListSchema.parse(list)).toEqual(list);
    expect(referenceListSchema.parse({ data: [{ id: 'c1', name: 'Safety' }] }).data).toHaveLength(1);
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'x',
      errors: [{ path: 'a', message: 'b' }],
    };
    expect(problemSchema.parse(problem)).toEqual(problem);
  });
});

describe('wrong shapes are refused with useful paths', () => {
  it('training: missing required fields, negative numbers, end before start', () => {
    expect(pathsOf(trainingCreateSchema, { name: 'x' })).toEqual(['categoryId', 'startDate', 'typeId']);
    expect(
      pathsOf(trainingCreateSchema, {
        name: 'x',
        typeId: 't',
        categoryId: 'c',
        startDate: '2026-03-02',
        endDate: '2026-03-01',
        expiryDate: '2026-01-01T00:00:00Z',
        cost: -1,
      }),
    ).toEqual(['cost', 'endDate', 'expiryDate']);
    expect(pathsOf(trainingPatchSchema, { status: 'DONE' })).toEqual(['status']);
    expect(pathsOf(trainingPatchSchema, {})).toEqual(['']);
  });

  it('dates without a zone are refused', () => {
    expect(
      pathsOf(leaveCreateSchema, { startDate: '2026-03-02T00:00:00', endDate: '2026-03-03', type: 'ANNUAL' }),
    ).toEqual(['startDate']);
  });

  it('leave: unknown type, end before start, a status other than a decision', () => {
    expect(pathsOf(leaveCreateSchema, { startDate: '2026-03-05', endDate: '2026-03-02', type: 'HOLIDAY' })).toEqual([
      'type',
    ]);
    expect(pathsOf(leaveCreateSchema, { startDate: '2026-03-05', endDate: '2026-03-02', type: 'SICK' })).toEqual([
      'endDate',
    ]);
    expect(pathsOf(leaveStatusUpdateSchema, { status: 'PENDING' })).toEqual(['status']);
    expect(
      pathsOf(calendarQuerySchema, { startDate: '2026-03-01', endDate: '2026-03-31', types: 'ANNUAL,NAP' }),
    ).toEqual(['types[1]']);
  });

  it('questions: choices without options, options on a text question, min not below max', () => {
    expect(pathsOf(questionInputSchema, { type: 'SINGLE_CHOICE', label: 'Pick' })).toEqual(['options']);
    expect(pathsOf(questionInputSchema, { type: 'TEXT', label: 'Say', options: ['a'] })).toEqual(['options']);
    expect(pathsOf(questionInputSchema, { type: 'SCALE', label: 'Rate', min: 5, max: 5 })).toEqual(['max']);
    expect(pathsOf(questionInputSchema, { type: 'MULTIPLE_CHOICE', label: 'Pick', options: ['a', 'a'] })).toEqual([
      'options',
    ]);
    expect(pathsOf(formCreateSchema, { title: 'T', questions: [{ type: 'TEXT', label: '' }] })).toEqual([
      'questions[0].label',
    ]);
  });

  it('a submission answer must be a string', () => {
    expect(pathsOf(submissionSchema, { answers: [{ questionId: 'q1', value: 3 }] })).toEqual(['answers[0].value']);
  });

  it('distribute needs a target', () => {
    expect(pathsOf(distributeSchema, {})).toEqual(['']);
    expect(distributeSchema.safeParse({ all: true }).success).toBe(true);
  });

  it('a token response without an access token, or with an unknown role', () => {
    expect(
      pathsOf(tokenResponseSchema, {
        token_type: 'Bearer',
        expires_in: 900,
        expires_at: 1,
        user: { id: 'u', email: 'e', organizationId: 'o', roles: ['OWNER'] },
      }),
    ).toEqual(['access_token', 'user.roles[0]']);
  });
});

describe('query schemas', () => {
  it('page defaults, limit alias and clamping', () => {
    expect(trainingListQuerySchema.parse({})).toMatchObject({
      page: 1,
      pageSize: 10,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(trainingListQuerySchema.parse({ limit: '25' }).pageSize).toBe(25);
    expect(trainingListQuerySchema.parse({ pageSize: '9999', limit: '3' }).pageSize).toBe(500);
    expect(userListQuerySchema.parse({ page: '3' }).page).toBe(3);
    expect(pathsOf(trainingListQuerySchema, { sortBy: 'secret' })).toEqual(['sortBy']);
  });

  it('notification limit is at most 100; unreadOnly is true or false', () => {
    expect(notificationListQuerySchema.parse({ limit: '1000' }).limit).toBe(100);
    expect(notificationListQuerySchema.parse({ unreadOnly: 'true' }).unreadOnly).toBe(true);
    expect(pathsOf(notificationListQuerySchema, { unreadOnly: 'yes' })).toEqual(['unreadOnly']);
  });
});
