import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemSchema } from '../../src-shared/wire';

/** The browsable reference (Swagger UI, served from the package: no network needed). */
const DOCS = '/api/docs';

const seen = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route the service registered (HEAD aside): what the document must list. */
export const routesOf = (app: FastifyInstance): readonly { method: string; url: string }[] => seen.get(app) ?? [];

/** The domain a route belongs to, its tag in the document: mostly the first segment after /api. */
function tagOf(url: string): string {
  const first = url.split('/')[2] ?? '';
  if (first.startsWith('training-')) return 'trainings';
  return ['openapi.json', 'health', 'sync', 'events', ''].includes(first) ? 'service' : first;
}

/** `GET /api/leave/:id/status` → `getLeaveByIdStatus`: stable, unique, readable. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split('-')));
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: z.toJSONSchema(problemSchema, { target: 'draft-2020-12' }) } },
});

/**
 * The errors a route can answer, from what it is: every error is problem details (RFC 9457), with
 * `errors` naming each field in words where input was refused.
 */
function errorsOf(method: string, url: string, schema: Record<string, unknown>, open: boolean) {
  const writes = method !== 'GET';
  const takesInput = Boolean(schema.querystring || schema.body) || url.includes(':');
  return {
    ...(takesInput ? { 400: problem('The input was refused: `errors` says why, field by field') } : {}),
    ...(open ? {} : { 401: problem('No access token, or one that is invalid or expired') }),
    ...(open ? {} : { 403: problem("Outside the caller's role or scope") }),
    ...(url.includes(':') ? { 404: problem('Not found in the caller’s organization') } : {}),
    ...(writes ? { 409: problem('In conflict with how the record stands (or the same request still running)') } : {}),
    ...(writes && url.includes(':')
      ? { 412: problem('If-Match named an older version: `current` is the record now') }
      : {}),
    ...(schema.body ? { 413: problem('The body is too large'), 415: problem('The body is not JSON') } : {}),
    ...(url === '/api/auth/token'
      ? { 429: problem('Too many failed sign-ins for this email: Retry-After says when') }
      : {}),
  };
}

/** A 204's answer: no body. */
export const NO_CONTENT = { description: 'Done; no body', type: 'null' } as const;
const NOT_MODIFIED = { description: 'Unchanged since the ETag sent in If-None-Match', type: 'null' } as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
const isZod = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * Each route's zod schemas as JSON Schema; an answer given as plain JSON Schema (a 204's
 * `{ type: 'null' }`, no body) is kept as it is.
 */
function describe(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  if (!input.schema?.response) return jsonSchemaTransform(input);
  const response = input.schema.response as Record<string, unknown>;
  const plain = Object.fromEntries(Object.entries(response).filter(([, v]) => !isZod(v)));
  const zodOnly = Object.fromEntries(Object.entries(response).filter(([, v]) => isZod(v)));
  const out = jsonSchemaTransform({ ...input, schema: { ...input.schema, response: zodOnly } });
  return { ...out, schema: { ...out.schema, response: { ...(out.schema.response as object), ...plain } } };
}

/**
 * The OpenAPI 3.1 document of the service, made from each route's `schema`: the same zod schemas
 * its handler checks the request with (`parseInput`, in the rulebook's words). Registered before
 * the routes, so every route is seen; `GET /api/openapi.json` serves it, no token needed.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // A route's schema describes; its handler checks, with the answer in the rulebook's words.
  app.setValidatorCompiler(() => (value) => ({ value }));
  // And an answer's schema describes it: it is written as the route made it.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const routes: { method: string; url: string }[] = [];
  seen.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    // The reference page and its files, from the installed package: readable with no token.
    if (url.startsWith(DOCS)) route.config = { ...(route.config as object), auth: 'none' };
    if (route.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    routes.push({ method, url });
    const open = (route.config as { auth?: string } | undefined)?.auth === 'none';
    const given = (route.schema ?? {}) as Record<string, unknown>;
    route.schema = {
      tags: [tagOf(url)],
      operationId: operationIdOf(method, url),
      ...(open ? { security: [] } : {}),
      ...given,
      response: {
        // A read answered with an ETag can be asked for conditionally; the event stream is no such read.
        ...(method === 'GET' && url !== '/api/events' ? { 304: NOT_MODIFIED } : {}),
        ...errorsOf(method, url, given, open),
        ...(given.response as object | undefined),
      },
    };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HR service',
        version: '1.0.0',
        description:
          'The multi-tenant HR service: people, leave, trainings, forms and notifications, each scoped to the ' +
          "caller's organization. Every route needs a bearer access token unless it says otherwise.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: describe,
  });
  await app.register(swaggerUi, { routePrefix: DOCS, uiConfig: { deepLinking: true } });
  const document = {
    description: 'The OpenAPI document',
    content: { 'application/json': { schema: { type: 'object' } } },
  };
  app.get(
    '/api/openapi.json',
    { config: { auth: 'none' }, schema: { summary: 'This document', response: { 200: document } } },
    async () => app.swagger(),
  );
}
