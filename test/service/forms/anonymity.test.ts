import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { assignedFormListSchema, formResponseListSchema } from '../../../src-shared/wire';
import { DEMO, signInAll, useDemoService } from '../../support/accounts';
import { startTestService } from '../../support/testService';
import { ids, makeForm, submit } from '../../support/forms';

const env = useDemoService({ scale: 6 });

describe('an anonymous form', () => {
  it('keeps no trace of who wrote which answer, in any endpoint or record', async () => {
    const form = await makeForm(env.svc, env.a.admin, {
      title: 'Honest feedback',
      isAnonymous: true,
      questions: [{ type: 'TEXTAREA', label: 'What should change?' }],
    });
    const q = ids(form)['What should change?']!;
    await env.svc.request('POST', `/api/forms/${form.id}/distribute`, {
      token: env.a.admin.token,
      body: { userIds: [env.a.alice.id, env.a.bob.id] },
    });
    const aliceSent = await submit(
      env.svc,
      env.a.alice,
      form.id,
      { [q]: 'More focus time' },
      { 'idempotency-key': 'alice-key-1' },
    );
    expect(aliceSent.status).toBe(201);
    expect(
      (await submit(env.svc, env.a.bob, form.id, { [q]: 'Fewer meetings' }, { 'idempotency-key': 'bob-key-1' })).status,
    ).toBe(201);
    // One answer each is still enforced.
    expect((await submit(env.svc, env.a.alice, form.id, { [q]: 'Again' })).status).toBe(409);
    // A replay still works, without the key naming anyone.
    const replay = await submit(
      env.svc,
      env.a.alice,
      form.id,
      { [q]: 'More focus time' },
      { 'idempotency-key': 'alice-key-1' },
    );
    expect(replay.body).toEqual(aliceSent.body);

    const responses = (
      await env.svc.request('GET', `/api/forms/${form.id}/responses`, { token: env.a.admin.token })
    ).as(formResponseListSchema);
    expect(responses.data.map((r) => r.respondent)).toEqual([null, null]);

    const alice = (await env.svc.request('GET', '/api/users/me', { token: env.a.alice.token })).body as Record<
      string,
      string
    >;
    const traces = [
      env.a.alice.id,
      alice.email!,
      `${alice.firstName} ${alice.lastName}`,
      env.a.bob.id,
      'bob@acme.test',
    ];
    const admin = { token: env.a.admin.token };
    const everything = [
      await env.svc.request('GET', `/api/forms/${form.id}/responses`, admin),
      await env.svc.request('GET', `/api/forms/${form.id}/responses.csv`, admin),
      await env.svc.request('GET', `/api/forms/${form.id}/analytics`, admin),
      await env.svc.request('GET', `/api/forms/${form.id}`, admin),
      await env.svc.request('GET', '/api/forms?limit=100', admin),
      await env.svc.request('GET', '/api/notifications?limit=100', admin),
    ];
    for (const res of everything) {
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const trace of traces) expect(text).not.toContain(trace);
    }

    // In the database: no respondent, keys owned by nobody, submitter hashes with no response and no person.
    const rows = (sql: string) => env.svc.engine.all(sql, { formId: form.id });
    expect(await rows('SELECT respondent_id FROM form_responses WHERE form_id = :formId')).toEqual([
      { respondent_id: null },
      { respondent_id: null },
    ]);
    const keys = await env.svc.engine.all<{ owner: string; body: string }>(
      "SELECT owner, body FROM idempotency_keys WHERE key IN ('alice-key-1', 'bob-key-1')",
    );
    expect(keys.map((k) => k.owner)).toEqual(['anonymous', 'anonymous']);
    const submitters = (await rows('SELECT * FROM form_submitters WHERE form_id = :formId')) as Record<
      string,
      string
    >[];
    expect(submitters).toHaveLength(2);
    expect(Object.keys(submitters[0]!).sort()).toEqual(['form_id', 'organization_id', 'submitter_hash']);
    for (const s of submitters) for (const trace of traces) expect(s.submitter_hash).not.toContain(trace);

    // The author alone learns that they answered.
    const assigned = (await env.svc.request('GET', '/api/forms/assigned', { token: env.a.alice.token })).as(
      assignedFormListSchema,
    );
    expect(assigned.data.find((f) => f.id === form.id)?.submitted).toBe(true);
  });

  it('leaves no trace of the respondent in the service log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await startTestService({ scale: 0, logger: { level: 'debug', stream } });
    try {
      const accounts = await signInAll(logged, { admin: DEMO.admin, alice: DEMO.alice });
      const form = await makeForm(logged, accounts.admin!, { isAnonymous: true });
      const res = await submit(
        logged,
        accounts.alice!,
        form.id,
        { [form.questions[0]!.id]: 'secret' },
        { 'idempotency-key': 'k1' },
      );
      expect(res.status).toBe(201);
      const submitLines = lines.filter((l) => l.includes('/api/forms/submit/'));
      expect(submitLines.length).toBeGreaterThan(0);
      const traces = [accounts.alice!.id, 'alice@acme.test', 'secret', 'remoteAddress', accounts.alice!.token];
      for (const line of submitLines) for (const trace of traces) expect(line).not.toContain(trace);
      // Other requests do keep the caller's address; nothing logs a token or a password.
      expect(lines.some((l) => l.includes('remoteAddress'))).toBe(true);
      for (const line of lines) expect(line).not.toMatch(/demo1234|Bearer /);
    } finally {
      await logged.close();
    }
  });

  it('cannot become named once it has answers', async () => {
    const form = await makeForm(env.svc, env.a.admin, { isAnonymous: true });
    expect((await submit(env.svc, env.a.carol, form.id, {})).status).toBe(201);
    const res = await env.svc.request('PUT', `/api/forms/${form.id}`, {
      token: env.a.admin.token,
      body: { isAnonymous: false },
    });
    expect(res.status).toBe(409);
  });
});
