import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Form } from '../../src-shared/wire';
import { answerCall } from '../../src-main/core/app/answerCall';
import { fileLog } from '../../src-main/core/log/appLog';
import { ServiceProcess, TestBackend } from '../support/syncHarness';
import { letTimePass } from '../support/waits';

let service: ServiceProcess;
let dir: string;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  dir = mkdtempSync(join(tmpdir(), 'hr-logs-'));
});
afterAll(async () => {
  await service.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const logText = (folder: string) =>
  readdirSync(folder)
    .map((f) => readFileSync(join(folder, f), 'utf8'))
    .join('');

const NOTE = 'Scan at the fertility clinic';
const ANSWER = 'My manager shouts at me in meetings';

describe('the backend’s log', () => {
  it('says what happened, with no token, password, note or answer in it', async () => {
    const folder = join(dir, 'full');
    const { log, flush } = await fileLog(folder, 'backend', { level: 'debug' });
    const app = new TestBackend({ log });
    try {
      const me = await app.signIn(service.url, 'carol@acme.test');
      const admin = await service.as('admin@acme.test');
      const form = (
        await admin<Form>('POST', '/api/forms', {
          title: 'How is it going',
          status: 'PUBLISHED',
          questions: [{ type: 'TEXT', label: 'Anything to tell us?', required: true }],
        })
      ).body;
      await admin('POST', `/api/forms/${form.id}/distribute`, { userIds: [me.userId] });
      await app.call('sync.now');
      await app.call('leave.create', { startDate: '2028-05-10', endDate: '2028-05-10', type: 'SICK', notes: NOTE });
      await app.call('forms.submit', {
        formId: form.id,
        answers: [{ questionId: form.questions[0]!.id, value: ANSWER }],
      });
      await app.call('sync.now');
      // A call refused, and one the backend did not expect: logged without their arguments.
      await answerCall(app.backend, 'leave.create', { startDate: 'soon', notes: NOTE });
      await answerCall(app.backend, 'forms.submit', { formId: form.id, answers: 'not a list', password: 'demo1234' });
      const refresh = await app.tokens.get(me.id);
      const access = app.backend.account!.session.accessToken();
      expect(refresh && access).toBeTruthy();
      flush();

      const text = logText(folder);
      expect(text).toContain('"msg":"signed in"');
      expect(text).toMatch(/"sent":2,"conflicts":0,"ms":\d+,"msg":"synced"/);
      expect(text).toContain('"call":"leave.create","code":"INVALID_INPUT"');
      for (const secret of ['demo1234', refresh!, access!, NOTE, ANSWER]) expect(text).not.toContain(secret);
    } finally {
      app.dispose();
    }
  });

  it('redacts by path wherever those fields sit, and keeps a crash’s stack', async () => {
    const folder = join(dir, 'redact');
    const { log, flush } = await fileLog(folder, 'main');
    log.info({ password: 'p1', change: { notes: NOTE, payload: { answers: [ANSWER] } }, args: { value: ANSWER } }, 'x');
    log.fatal({ err: new Error('Out of cheese') }, 'uncaught exception');
    flush();
    // The first line may still be on its way (written asynchronously, while the crash's line is
    // flushed at once): read once it is there.
    const text = await vi.waitFor(() => {
      const written = logText(folder);
      expect(written).toContain('"password":"[redacted]"');
      return written;
    });
    for (const secret of ['p1', NOTE, ANSWER]) expect(text).not.toContain(secret);
    expect(text).toMatch(/"stack":"Error: Out of cheese\\n\s+at /);
  });

  it('rotates its files, keeping the newest few', async () => {
    const folder = join(dir, 'rotate');
    const { log, flush } = await fileLog(folder, 'main', { size: '1k' });
    // Written as the app writes, a little at a time (a file is rolled once its writes drain).
    for (let i = 0; i < 200; i++) {
      log.info({ i, filler: 'x'.repeat(100) }, 'line');
      if (i % 20 === 19) await letTimePass(30);
    }
    flush();
    await vi.waitFor(() => expect(readdirSync(folder).some((f) => f === 'main.6.log')).toBe(true));
    // The current file and at most five before it: the first ones are gone.
    await vi.waitFor(() => expect(readdirSync(folder).length).toBeLessThanOrEqual(6));
    expect(readdirSync(folder)).not.toContain('main.1.log');
    expect(readdirSync(folder).every((f) => /^main\.\d+\.log$/.test(f))).toBe(true);
  });
});
