import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { preferencesSchema, problemSchema, tokenResponseSchema, userSchema } from '../../src-shared/wire';
import { freePort } from '../support/freePort';
import { startTestService, type TestService } from '../support/testService';

// Mail through a real SMTP server started here (smtp-server, in-process): what arrives, once, with
// a link that works; and a mail queued before a restart goes out after it.

interface Received {
  to: string;
  subject: string;
  text: string;
}

async function smtpServer(port: number) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

const linkIn = (text: string) => /https?:\/\/\S+#[A-Za-z0-9_-]+/.exec(text)?.[0];

async function mailingService(port: number, engine?: TestService['engine']): Promise<TestService> {
  const svc = await startTestService({
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'HR <hr@acme.test>' },
    publicUrl: 'https://hr.acme.example',
    ...(engine ? { engine } : {}),
  });
  return svc;
}

describe('mail', () => {
  it('mails an invitation once, with a link that joins; a reset link to a known address only', async () => {
    const port = await freePort();
    const smtp = await smtpServer(port);
    cleanups.push(smtp.close);
    const svc = await mailingService(port);
    cleanups.push(svc.close);
    const admin = (await svc.signIn('admin@acme.test')).access_token;

    const res = await svc.request('POST', '/api/users', {
      token: admin,
      body: { email: 'ina@acme.test', firstName: 'Ina', lastName: 'Vited', nationality: 'GB' },
    });
    expect(res.as(userSchema).invitation?.emailed).toBe(true);
    await expect.poll(() => smtp.received.length).toBe(1);
    const [invitation] = smtp.received;
    expect(invitation).toMatchObject({ to: 'ina@acme.test', subject: 'You are invited to Acme' });
    expect(invitation!.text).toMatch(/^Hello Ina,/);
    const link = linkIn(invitation!.text)!;
    expect(link).toMatch(/^https:\/\/hr\.acme\.example\/join#/);
    const joined = await svc.request('POST', '/api/auth/invitations/accept', {
      body: { token: link, password: 'mailed link, chosen words' },
    });
    expect(joined.as(tokenResponseSchema).user.email).toBe('ina@acme.test');

    for (const email of ['alice@acme.test', 'nobody@acme.test', 'ina@acme.test']) {
      const asked = await svc.request('POST', '/api/auth/password/forgot', { body: { email } });
      expect(asked.status).toBe(202);
    }
    await expect.poll(() => smtp.received.length).toBe(3);
    const resets = smtp.received.slice(1);
    expect(resets.map((m) => m.to).sort()).toEqual(['alice@acme.test', 'ina@acme.test']);
    const alices = resets.find((m) => m.to === 'alice@acme.test')!;
    expect(alices.subject).toBe('Choose a new password');
    const reset = await svc.request('POST', '/api/auth/password/reset', {
      body: { token: linkIn(alices.text), password: 'a fresh start for alice' },
    });
    expect(reset.status).toBe(200);
    // Sent mail keeps none of its words in the database: its link opened an account.
    const bodies = await svc.engine.all<{ body: string }>('SELECT body FROM mail_outbox WHERE sent_at IS NOT NULL');
    expect(bodies.map((b) => b.body)).toEqual(['', '', '']);
    // Nothing else arrives: each event was mailed once.
    await svc.app.hr.mailer.idle();
    expect(smtp.received).toHaveLength(3);
  });

  it('writes each mail in the language of the person it goes to', async () => {
    const port = await freePort();
    const smtp = await smtpServer(port);
    cleanups.push(smtp.close);
    const svc = await mailingService(port);
    cleanups.push(svc.close);
    const admin = (await svc.signIn('admin@acme.test')).access_token;
    // Given by the admin; else the language the admin's app asks in.
    await svc.request('POST', '/api/users', {
      token: admin,
      body: { email: 'gerda@acme.test', firstName: 'Gerda', lastName: 'Vited', nationality: 'DE', locale: 'de' },
    });
    await svc.request('POST', '/api/users', {
      token: admin,
      body: { email: 'francois@acme.test', firstName: 'François', lastName: 'Vited', nationality: 'FR' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    await expect.poll(() => smtp.received.length).toBe(2);
    const gerdas = smtp.received.find((m) => m.to === 'gerda@acme.test')!;
    expect(gerdas.subject).toBe('Einladung zu Acme');
    expect(gerdas.text).toMatch(/^Guten Tag Gerda,\n\nSie wurden in die HR-App von Acme eingeladen/);
    // The link's last day as Germans write it: "Montag, 9. März 2026".
    expect(gerdas.text).toMatch(/gilt einmalig bis [A-Z][a-z]+tag, \d{1,2}\. [A-ZÄ][a-zä]+ 20\d\d:/);
    const francois = smtp.received.find((m) => m.to === 'francois@acme.test')!;
    expect(francois.subject).toBe('Invitation à rejoindre Acme');
    expect(francois.text).toMatch(/^Bonjour François,/);
    // Alice chose French in her app: her reset link comes in French.
    const alice = (await svc.signIn('alice@acme.test')).access_token;
    const chosen = await svc.request('PUT', '/api/users/me/preferences', { token: alice, body: { locale: 'fr' } });
    expect(chosen.as(preferencesSchema)).toEqual({ emailNotifications: true, locale: 'fr' });
    await svc.request('POST', '/api/auth/password/forgot', { body: { email: 'alice@acme.test' } });
    await expect.poll(() => smtp.received.length).toBe(3);
    expect(smtp.received[2]).toMatchObject({ to: 'alice@acme.test', subject: 'Choisir un nouveau mot de passe' });
  });

  it('mails each notification once to whoever takes them by mail, and none to who turned them off', async () => {
    const port = await freePort();
    const smtp = await smtpServer(port);
    cleanups.push(smtp.close);
    const svc = await mailingService(port);
    cleanups.push(svc.close);
    const [alice, bob, manager] = (await Promise.all(
      ['alice@acme.test', 'bob@acme.test', 'manager@acme.test'].map(async (e) => (await svc.signIn(e)).access_token),
    )) as [string, string, string];
    expect((await svc.request('GET', '/api/users/me/preferences', { token: bob })).body).toEqual({
      emailNotifications: true,
      locale: null,
    });
    const off = await svc.request('PUT', '/api/users/me/preferences', {
      token: bob,
      body: { emailNotifications: false },
    });
    expect(off.body).toEqual({ emailNotifications: false, locale: null });
    const bad = await svc.request('PUT', '/api/users/me/preferences', {
      token: bob,
      body: { emailNotifications: 'no' },
    });
    expect(bad.as(problemSchema).errors?.[0]?.path).toBe('emailNotifications');

    // A request waiting for a decision (to the manager), and a decision on it (to its owner).
    const ask = async (token: string, day: string) =>
      (
        await svc.request('POST', '/api/leave', {
          token,
          body: { startDate: day, endDate: day, type: 'UNPAID' },
        })
      ).body as { id: string };
    const alices = await ask(alice, '2031-05-06');
    const bobs = await ask(bob, '2031-05-07');
    for (const id of [alices.id, bobs.id]) {
      const decided = await svc.request('PUT', `/api/leave/${id}/status`, {
        token: manager,
        body: { status: 'APPROVED' },
      });
      expect(decided.status).toBe(200);
    }
    await expect
      .poll(() => smtp.received.map((m) => `${m.to}: ${m.subject}`).sort(), { timeout: 20_000 })
      .toEqual([
        'alice@acme.test: Leave approved',
        'manager@acme.test: Leave request from Alice Archer',
        'manager@acme.test: Leave request from Bob Becker',
      ]);
    expect(smtp.received.find((m) => m.to === 'alice@acme.test')!.text).toMatch(/^Hello Alice,\n\nUnpaid leave/);
    // Swept again and again, each is mailed once; Bob's decision never.
    svc.app.hr.mailer.kick();
    await svc.app.hr.mailer.idle();
    await svc.request('GET', '/api/users/me', { token: alice });
    await svc.app.hr.mailer.idle();
    expect(smtp.received).toHaveLength(3);
  });

  it('mails each event once when two instances send from one database', async () => {
    const port = await freePort();
    const smtp = await smtpServer(port);
    cleanups.push(smtp.close);
    const one = await mailingService(port);
    cleanups.push(one.close);
    const two = await mailingService(port, one.engine);
    cleanups.push(two.stop);
    const alice = (await one.signIn('alice@acme.test')).access_token;
    // Ten requests waiting for Max's decision: ten notifications, each a mail, whichever instance sends it.
    for (let i = 0; i < 10; i++) {
      // Weekdays of two weeks: 2031-06-02 is a Monday.
      const day = `2031-06-${String(2 + i + 2 * Math.floor(i / 5)).padStart(2, '0')}`;
      const res = await (i % 2 ? two : one).request('POST', '/api/leave', {
        token: alice,
        body: { startDate: day, endDate: day, type: 'UNPAID' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    for (let i = 0; i < 5; i++) {
      one.app.hr.mailer.kick();
      two.app.hr.mailer.kick();
    }
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(10);
    await Promise.all([one.app.hr.mailer.idle(), two.app.hr.mailer.idle()]);
    one.app.hr.mailer.kick();
    two.app.hr.mailer.kick();
    await Promise.all([one.app.hr.mailer.idle(), two.app.hr.mailer.idle()]);
    expect(smtp.received).toHaveLength(10);
    expect(new Set(smtp.received.map((m) => m.text)).size).toBe(10);
    expect(smtp.received.every((m) => m.to === 'manager@acme.test')).toBe(true);
  });

  it('sends what was queued before a restart after it, once, trying again while the mail server is away', async () => {
    const port = await freePort();
    // No mail server yet: the invitation is queued and its first attempt fails.
    const first = await mailingService(port);
    const admin = (await first.signIn('admin@acme.test')).access_token;
    const res = await first.request('POST', '/api/users', {
      token: admin,
      body: { email: 'late@acme.test', firstName: 'Lee', lastName: 'Late', nationality: 'GB' },
    });
    expect(res.as(userSchema).invitation?.emailed).toBe(true);
    await expect
      .poll(async () => (await first.engine.get<{ attempts: number }>('SELECT attempts FROM mail_outbox'))?.attempts)
      .toBe(1);
    await first.stop();

    const smtp = await smtpServer(port);
    cleanups.push(smtp.close);
    const second = await mailingService(port, first.engine);
    cleanups.push(second.close);
    // Not before its time comes again, then once.
    second.clock.set(first.clock.now());
    second.app.hr.mailer.kick();
    await second.app.hr.mailer.idle();
    expect(smtp.received).toHaveLength(0);
    second.clock.advance(2 * 60_000);
    second.app.hr.mailer.kick();
    await expect.poll(() => smtp.received.map((m) => m.to)).toEqual(['late@acme.test']);
    second.app.hr.mailer.kick();
    await second.app.hr.mailer.idle();
    expect(smtp.received).toHaveLength(1);
    const link = linkIn(smtp.received[0]!.text)!;
    const joined = await second.request('POST', '/api/auth/invitations/accept', {
      body: { token: link, password: 'better late than never' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  });

  it('will not mail without --public-url: a link must never come from a request’s Host', async () => {
    await expect(
      startTestService({ mail: { smtpUrl: 'smtp://127.0.0.1:25', from: 'HR <hr@acme.test>' } }),
    ).rejects.toThrow('Mail needs --public-url: the address its links point to');
  });

  it('sends nothing without an SMTP server: the invitation is there to pass on by hand', async () => {
    const svc = await startTestService();
    cleanups.push(svc.close);
    const admin = (await svc.signIn('admin@acme.test')).access_token;
    const res = await svc.request('POST', '/api/users', {
      token: admin,
      body: { email: 'hand@acme.test', firstName: 'Han', lastName: 'D', nationality: 'GB' },
    });
    expect(res.as(userSchema).invitation).toMatchObject({ emailed: false });
    expect((await svc.engine.all('SELECT id FROM mail_outbox')).length).toBe(0);
    const bad = await svc.request('POST', '/api/auth/password/forgot', { body: { email: 5 } });
    expect(bad.as(problemSchema).errors?.[0]?.path).toBe('email');
  });
});
