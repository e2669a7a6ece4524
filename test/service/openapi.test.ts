import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../src-server/http/openapi';
import { calendarQuerySchema, parseWithRules } from '../../src-shared/rules';
import { derefIn, openApiChecker, type OpenApiDoc } from '../support/openapiCheck';
import { startTestService, type TestService } from '../support/testService';

// The service describes itself: an OpenAPI 3.1 document made from the schemas its routes check with.
let svc: TestService;
let doc: {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        description?: string;
        operationId?: string;
        tags?: string[];
        security?: unknown[];
        parameters?: { name: string; in: string; description?: string; schema: Record<string, unknown> }[];
        requestBody?: unknown;
        responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
      }
    >
  >;
};

beforeAll(async () => {
  svc = await startTestService({ scale: 1 });
  const res = await fetch(`${svc.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(async () => {
  await svc.close();
});

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
/** A `$ref` within the document, followed. */
const deref = <T>(value: T): T => derefIn(doc as unknown as OpenApiDoc, value as Record<string, unknown>) as T;

describe('the OpenAPI document', () => {
  it('is served with no token, as OpenAPI 3.1, and equal to the copy in docs/ (npm run docs:openapi writes it)', () => {
    expect(doc.openapi).toBe('3.1.0');
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')) as unknown;
    expect(committed, 'docs/openapi.json is out of date: run npm run docs:openapi').toEqual(doc);
  });

  it('lists every route the service has, and none it has not, each with a summary, a tag and its own operation id', () => {
    const routes = routesOf(svc.app);
    const listed = operations().map((o) => `${o.method} ${o.path}`);
    expect(routes.length).toBeGreaterThan(50);
    expect([...listed].sort()).toEqual([...routes].sort());
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path} has no summary`).toMatch(/\w/);
      expect(op.tags, `${method} ${path}`).toHaveLength(1);
    }
    // Each says what a success answers: a body's schema, or none (204).
    for (const { path, method, op } of operations()) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${method} ${path} has no success answer`).toBe(1);
      const [status, answer] = success[0]!;
      if (status !== '204') expect(Object.keys(answer.content ?? {}), `${method} ${path}`).toHaveLength(1);
    }
    // And its errors, each as problem details: 401 where a token is needed, 404 where a record is named.
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses ?? {});
      const signIn = ['/api/auth/token', '/api/auth/refresh'].includes(path);
      expect(statuses.includes('401'), `${method} ${path}`).toBe(op.security?.length !== 0 || signIn);
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(Object.keys(deref(op.responses![status]!).content ?? {}), `${method} ${path} ${status}`).toEqual([
          'application/problem+json',
        ]);
      }
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says which routes need no token, and describes parameters and bodies with their limits', () => {
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/auth/token', 'post'],
      ['/api/openapi.json', 'get'],
      ['/api/forms/public/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path]![method]!.security, `${method} ${path}`).toEqual([]);
    }
    expect(doc.paths['/api/leave']!.post!.security).toBeUndefined();
    const pageSize = doc.paths['/api/trainings']!.get!.parameters!.find((p) => p.name === 'pageSize')!;
    expect(pageSize.in).toBe('query');
    expect(pageSize.schema).toMatchObject({ default: expect.any(Number), minimum: 1 });
    expect(pageSize).toMatchObject({ description: expect.stringMatching(/500/) });
    const id = doc.paths['/api/leave/{id}/status']!.put!.parameters!.find((p) => p.name === 'id')!;
    expect(id.in).toBe('path');
    expect(doc.paths['/api/leave']!.post!.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { properties: { startDate: expect.anything(), type: expect.anything() } } },
      },
    });
  });

  it('says what the calendar’s types take, as the service reads them', () => {
    const types = doc.paths['/api/leave/calendar']!.get!.parameters!.find((p) => p.name === 'types')!;
    expect(types.description).toMatch(/comma-separated/);
    const pattern = new RegExp(types.schema.pattern as string);
    const samples = ['ANNUAL', 'ANNUAL,SICK', ' ANNUAL , SICK ', '', ',', 'ANNUAL,,OTHER', 'ANNUAL,\n', '\u00a0SICK'];
    const refused = ['annual', 'ANNUAL;SICK', 'HOLIDAY', 'ANNUALSICK', 'ANNUAL SICK', 'ANNUAL,X', 'a\u0000'];
    for (const text of [...samples, ...refused]) {
      const read = parseWithRules(calendarQuerySchema, { startDate: '2026-03-01', endDate: '2026-03-31', types: text });
      expect(pattern.test(text), JSON.stringify(text)).toBe(read.ok);
      expect(read.ok, JSON.stringify(text)).toBe(samples.includes(text));
    }
  });

  it('explains the paths a linter finds ambiguous, where they are', () => {
    for (const [path, method] of [
      ['/api/forms/submit/{formId}', 'post'],
      ['/api/forms/public/{id}', 'get'],
    ] as const) {
      expect(doc.paths[path]![method]!.description, path).toMatch(/not a form's id/);
    }
    for (const path of ['/api/forms/{id}/responses', '/api/forms/{id}/responses.csv', '/api/forms/{id}/analytics']) {
      expect(doc.paths[path]!.get!.description, path).toMatch(/never `submit` or `public`/);
    }
  });

  it('describes the protocol around each route: conditional reads, versions, Idempotency-Key and what each error carries', () => {
    const params = (path: string, method: string) =>
      (doc.paths[path]![method]!.parameters ?? []).map((p) => deref(p)).map((p) => `${p.in} ${p.name}`);
    const headers = (path: string, method: string, status: string) =>
      deref(doc.paths[path]![method]!.responses![status]!).headers ?? {};
    // A read: If-None-Match asked, an ETag always answered, 304 with no body.
    expect(params('/api/trainings', 'get')).toContain('header If-None-Match');
    expect(deref(headers('/api/trainings', 'get', '200').ETag as object)).toMatchObject({ required: true });
    expect(deref(doc.paths['/api/trainings']!.get!.responses!['304']!).content).toBeUndefined();
    // A versioned write: If-Match, and 412 with the record as it is now.
    expect(params('/api/leave/{id}', 'put')).toEqual(
      expect.arrayContaining(['path id', 'header If-Match', 'header Idempotency-Key']),
    );
    expect(Object.keys(doc.paths['/api/leave/{id}']!.put!.responses!)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '412', '422', '503']),
    );
    expect(params('/api/leave', 'post')).not.toContain('header If-Match');
    // A creation: where the record is, its version, whether it was a replay.
    expect(Object.keys(headers('/api/leave', 'post', '201'))).toEqual(['ETag', 'Location', 'Idempotent-Replayed']);
    // Public form answers are keyed too, though they need no token (a token is taken when given).
    expect(params('/api/forms/submit/{formId}', 'post')).toContain('header Idempotency-Key');
    expect(doc.paths['/api/forms/submit/{formId}']!.post!.security).toEqual([{}, { bearer: [] }]);
    // Waiting: Retry-After on 429 (sign-in), 409 (the same key still running) and 503 (nothing kept).
    expect(Object.keys(headers('/api/auth/token', 'post', '429'))).toContain('Retry-After');
    expect(Object.keys(headers('/api/leave', 'post', '409'))).toContain('Retry-After');
    expect(Object.keys(headers('/api/leave', 'post', '503'))).toContain('Retry-After');
    // A person named in the query may not be found.
    expect(Object.keys(doc.paths['/api/leave/balances']!.get!.responses!)).toContain('404');
  });
});

describe('holding answers to the document', () => {
  const exchange = (method: string, url: string, status: number, body: unknown, headers: Record<string, string>) => ({
    method,
    url,
    status,
    headers: new Headers(headers),
    text: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = { 'content-type': 'application/json; charset=utf-8', etag: 'W/"x"' };
  const problem = { 'content-type': 'application/problem+json; charset=utf-8' };

  it('passes an answer as the service gives it, and names what is wrong with one it does not describe', async () => {
    const conforms = openApiChecker(doc as unknown as OpenApiDoc);
    const token = (await svc.signIn('admin@acme.test')).access_token;
    const res = await fetch(`${svc.url}/api/users?page=1&pageSize=2`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    expect(
      conforms({ method: 'GET', url: '/api/users?page=1&pageSize=2', status: 200, headers: res.headers, text }),
    ).toBeNull();
    const page = JSON.parse(text) as { data: Record<string, unknown>[] };
    // A field missing from a record, a status not listed, a read without its ETag, a body where none is.
    const { email: _dropped, ...untitled } = page.data[0]!;
    expect(conforms(exchange('GET', '/api/users', 200, { ...page, data: [untitled] }, json))).toMatch(/email/);
    expect(conforms(exchange('GET', '/api/trainings', 418, { status: 418 }, problem))).toMatch(/not an answer/);
    expect(conforms(exchange('GET', '/api/users', 200, page, { 'content-type': 'application/json' }))).toMatch(/ETag/);
    expect(conforms(exchange('DELETE', '/api/trainings/t1', 204, { gone: true }, json))).toMatch(/no body/);
    // An error that is not problem details; a header that does not fit; a route the document has not.
    expect(conforms(exchange('GET', '/api/trainings', 401, { error: 'no' }, json))).toMatch(/application\/json/);
    const tooSoon = { ...problem, 'retry-after': 'soon' };
    const throttled = { type: 'about:blank', title: 'Too Many Requests', status: 429 };
    expect(conforms(exchange('POST', '/api/auth/token', 429, throttled, tooSoon))).toMatch(/Retry-After/);
    expect(conforms(exchange('GET', '/api/payroll', 200, {}, json))).toMatch(/no GET \/api\/payroll/);
    expect(
      conforms(exchange('GET', '/api/payroll', 404, { type: 'about:blank', title: 'Not Found', status: 404 }, problem)),
    ).toBeNull();
  });
});

describe('the linter', () => {
  it('finds nothing in docs/openapi.json with Redocly’s recommended rules (what stays is explained in .redocly.lint-ignore.yaml)', () => {
    const root = join(__dirname, '..', '..');
    const out = execFileSync(
      process.execPath,
      [join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', 'docs/openapi.json', '--format=json'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(out.slice(out.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { message: string }[];
    };
    expect(report.problems.map((p) => p.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
