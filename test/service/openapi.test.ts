import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../src-server/http/openapi';
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
        operationId?: string;
        tags?: string[];
        security?: unknown[];
        parameters?: { name: string; in: string; description?: string; schema: Record<string, unknown> }[];
        requestBody?: unknown;
        responses?: Record<string, { content?: Record<string, unknown> }>;
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
/** `/api/leave/:id` as the document writes it: `/api/leave/{id}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is served with no token, as OpenAPI 3.1, and equal to the copy in docs/ (npm run docs:openapi writes it)', () => {
    expect(doc.openapi).toBe('3.1.0');
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')) as unknown;
    expect(committed, 'docs/openapi.json is out of date: run npm run docs:openapi').toEqual(doc);
  });

  it('lists every route the service has, and none it has not, each with a summary, a tag and its own operation id', () => {
    const routes = routesOf(svc.app).map((r) => `${r.method.toLowerCase()} ${pathOf(r.url)}`);
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
      expect(statuses.includes('401'), `${method} ${path}`).toBe(op.security === undefined);
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(Object.keys(op.responses![status]!.content ?? {}), `${method} ${path} ${status}`).toEqual([
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
});
