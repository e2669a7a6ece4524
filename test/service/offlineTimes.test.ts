import { describe, expect, it } from 'vitest';
import { formResponseListSchema, leaveSchema, problemSchema, submissionReceiptSchema } from '../../src-shared/wire';
import { DEMO, signInAll, useDemoService, type Account } from '../support/accounts';
import { makeForm, submit } from '../support/forms';

// The clock stands at 2026-03-02T09:00:00Z and moves only when a test moves it.
const env = useDemoService({ scale: 0 });

/** Signs everyone in again: access tokens do not outlive the days a test moves the clock on. */
async function afresh() {
  const { admin, manager, alice, bob } = DEMO;
  Object.assign(env.a, await signInAll(env.svc, { admin, manager, alice, bob }));
}

let next = 0;
/** A fresh pending request of Alice's, made at the service's time now (its last change). */
async function pending() {
  // Wednesdays from 6 January 2027: working days in every country.
  const start = new Date(Date.UTC(2027, 0, 6 + 7 * next++)).toISOString().slice(0, 10);
  const res = await env.svc.request('POST', '/api/leave', {
    token: env.a.alice.token,
    body: { type: 'ANNUAL', startDate: start, endDate: start },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(leaveSchema);
}

async function decide(who: Account, id: string, body: Record<string, unknown>) {
  return env.svc.request('PUT', `/api/leave/${id}/status`, { token: who.token, body: { status: 'APPROVED', ...body } });
}

const minutes = (n: number) => n * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('a decision made offline', () => {
  it('is dated when it was made, within bounds, and at the service’s time otherwise — never refused', async () => {
    const cases: [string, (now: number, lastChange: number) => string | undefined, 'claimed' | 'service'][] = [
      ['made on the train two hours ago', (now) => iso(now - minutes(120)), 'claimed'],
      ['29 days ago', (now) => iso(now - 29 * 24 * minutes(60)), 'claimed'],
      ['a device clock 4 minutes fast', (now) => iso(now + minutes(4)), 'claimed'],
      ['a device clock 6 minutes fast', (now) => iso(now + minutes(6)), 'service'],
      ['31 days ago', (now) => iso(now - 31 * 24 * minutes(60)), 'service'],
      ['before the request’s last change', (_now, last) => iso(last - 1000), 'service'],
      ['not given', () => undefined, 'service'],
    ];
    for (const [what, claim, expected] of cases) {
      // The request was last changed 40 days ago; the decision reaches the service now.
      const leave = await pending();
      env.svc.clock.advance(minutes(40 * 24 * 60));
      await afresh();
      const now = env.svc.clock.now().getTime();
      const decidedAt = claim(now, Date.parse(leave.updatedAt));
      const res = await decide(env.a.manager, leave.id, decidedAt ? { decidedAt } : {});
      expect(res.status, what).toBe(200);
      const decided = res.as(leaveSchema);
      expect(decided.reviewedAt, what).toBe(expected === 'claimed' ? decidedAt : iso(now));
      // The record's own change time is the service's: lists and sync order by it.
      expect(decided.updatedAt, what).toBe(iso(now));
      const stored = (await env.svc.request('GET', `/api/leave/${leave.id}`, { token: env.a.manager.token })).as(
        leaveSchema,
      );
      expect(stored.reviewedAt, what).toBe(decided.reviewedAt);
    }
  });

  it('refuses a time that is not a time, in words beside it', async () => {
    await afresh();
    const leave = await pending();
    const res = await decide(env.a.manager, leave.id, { decidedAt: 'yesterday' });
    expect(res.status).toBe(400);
    const problem = res.as(problemSchema);
    expect(problem.errors).toMatchObject([
      { path: 'decidedAt', message: 'Enter the time of the decision as a date, such as 2026-03-02' },
    ]);
  });
});

describe('answers given offline', () => {
  it('keep the time they were given, within the same bounds', async () => {
    await afresh();
    const form = await makeForm(env.svc, env.a.admin, { title: 'Offline answers', allowMultipleSubmissions: true });
    const q = form.questions[0]!.id;
    env.svc.clock.advance(minutes(60));
    await afresh();
    const now = env.svc.clock.now().getTime();
    const send = (submittedAt: string) =>
      env.svc.request('POST', `/api/forms/submit/${form.id}`, {
        token: env.a.alice.token,
        body: { answers: [{ questionId: q, value: 'on the train' }], submittedAt },
      });
    const onTrain = iso(now - minutes(30));
    const first = await send(onTrain);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.as(submissionReceiptSchema).submittedAt).toBe(onTrain);
    // Before the form's last change (it was made an hour ago): the service's time.
    expect((await send(iso(now - minutes(90)))).as(submissionReceiptSchema).submittedAt).toBe(iso(now));
    expect((await send(iso(now + minutes(10)))).as(submissionReceiptSchema).submittedAt).toBe(iso(now));
    const listed = (await env.svc.request('GET', `/api/forms/${form.id}/responses`, { token: env.a.admin.token })).as(
      formResponseListSchema,
    );
    expect(listed.data.map((r) => r.submittedAt).sort()).toEqual([onTrain, iso(now), iso(now)].sort());
  });

  it('of an anonymous form keep their day only, in the receipt, the list and the id', async () => {
    await afresh();
    const form = await makeForm(env.svc, env.a.admin, { title: 'Anonymous times', isAnonymous: true });
    env.svc.clock.advance(minutes(60));
    await afresh();
    const res = await submit(env.svc, env.a.bob, form.id, { [form.questions[0]!.id]: 'fine' });
    expect(res.status).toBe(201);
    const receipt = res.as(submissionReceiptSchema);
    const day = env.svc.clock.now().toISOString().slice(0, 10);
    expect(receipt.submittedAt).toBe(`${day}T00:00:00.000Z`);
    // The id's leading time (a version-7 UUID) is the day's start, not the minute it came.
    const idTime = parseInt(receipt.id.replace(/-/g, '').slice(0, 12), 16);
    expect(new Date(idTime).toISOString()).toBe(`${day}T00:00:00.000Z`);
    const listed = (await env.svc.request('GET', `/api/forms/${form.id}/responses`, { token: env.a.admin.token })).as(
      formResponseListSchema,
    );
    expect(listed.data.map((r) => r.submittedAt)).toEqual([`${day}T00:00:00.000Z`]);
    const stored = await env.svc.engine.get('SELECT submitted_at FROM form_responses WHERE id = :id', {
      id: receipt.id,
    });
    expect(stored).toEqual({ submitted_at: `${day}T00:00:00.000Z` });
  });
});
