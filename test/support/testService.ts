import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildService } from '../../src-server/app';
import type { LogOptions } from '../../src-server/http/logging';
import type { ThrottlePolicy } from '../../src-server/auth/loginThrottle';
import type { MailOptions } from '../../src-server/mail/mailer';
import type { Engine } from '../../src-server/db/engine/engine';
import { DEMO_PASSWORD } from '../../src-server/demo/people';
import { seedDemo } from '../../src-server/demo/seed';
import { ManualClock } from '../../src-server/system/clock';
import { tokenResponseSchema, type TokenResponse } from '../../src-shared/wire';
import { openApiChecker, type OpenApiDoc } from './openapiCheck';
import { openTestEngine } from './testStore';

export interface TestService {
  url: string;
  app: FastifyInstance;
  /** The store: SQLite, or PostgreSQL in the PostgreSQL pass (test/support/testStore.ts). */
  engine: Engine;
  clock: ManualClock;
  close(): Promise<void>;
  /** Stops the service as a restart would, keeping its store open for the next one. */
  stop(): Promise<void>;
  /** Signs in a demo account over HTTP. */
  signIn(email: string, password?: string): Promise<TokenResponse>;
  /**
   * A request over real HTTP; JSON in, JSON (or null) out. Every answer is held to the service's
   * OpenAPI document: one it does not describe fails the test.
   */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, not as JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  /** The body read through a wire schema: the test fails on any shape drift. */
  as<S extends z.ZodType>(schema: S): z.output<S>;
}

export async function startTestService(
  options: {
    scale?: number;
    /** Demo trainings, leave and notifications (default false: tests make their own). */
    workload?: boolean;
    throttle?: ThrottlePolicy;
    clock?: ManualClock;
    extraRoutes?: (app: FastifyInstance) => void;
    logger?: LogOptions;
    accessTokenSeconds?: number;
    heartbeatMs?: number;
    openSignup?: boolean;
    trustProxy?: boolean;
    publicUrl?: string;
    mail?: MailOptions;
    /** An engine to reuse (a service started again on the same store); not seeded again. */
    engine?: Engine;
  } = {},
): Promise<TestService> {
  const clock = options.clock ?? new ManualClock('2026-03-02T09:00:00.000Z');
  const engine = options.engine ?? (await openTestEngine());
  if (!options.engine)
    await seedDemo(engine, { scale: options.scale ?? 6, clock, workload: options.workload ?? false });
  const app = await buildService({
    engine,
    clock,
    throttle: options.throttle,
    extraRoutes: options.extraRoutes,
    // HR_TEST_LOG=1 shows the service's errors while a test is looked into.
    logger: options.logger ?? (process.env.HR_TEST_LOG ? { level: 'error' } : false),
    ...(options.accessTokenSeconds ? { accessTokenSeconds: options.accessTokenSeconds } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.openSignup ? { openSignup: true } : {}),
    ...(options.trustProxy ? { trustProxy: true } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const conforms = openApiChecker(app.swagger() as unknown as OpenApiDoc);

  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    const violation = conforms({ method, url: path, status: res.status, headers: res.headers, text });
    if (violation) throw new Error(`The answer is not the one the OpenAPI document describes: ${violation}`);
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, headers: res.headers, body: parsed, as: (schema) => schema.parse(parsed) };
  };

  return {
    url,
    app,
    engine,
    clock,
    request,
    stop: () => app.close(),
    close: async () => {
      await app.close();
      await engine.close();
    },
    signIn: async (email, password = DEMO_PASSWORD) => {
      const res = await request('POST', '/api/auth/token', { body: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return tokenResponseSchema.parse(res.body);
    },
  };
}
