import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src-server/http/errors';

// What a write refused by a unique constraint becomes: two requests racing to make the same thing
// (an email, a department's name), the second after the first's check. Each store's own code.

describe('a write refused by a unique constraint', () => {
  it('is a 409 in words on SQLite and on PostgreSQL, and any other failure a 500 that says nothing inside', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const fail = (code: string) => () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code });
    };
    app.get('/sqlite', fail('SQLITE_CONSTRAINT_UNIQUE'));
    app.get('/postgres', fail('23505'));
    app.get('/other', fail('SQLITE_IOERR'));
    for (const path of ['/sqlite', '/postgres']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, detail: expect.stringMatching(/made at the same moment/) });
      expect(res.body).not.toMatch(/users_email_key/);
    }
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toMatch(/users_email_key/);
    await app.close();
  });
});
