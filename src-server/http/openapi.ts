import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withProtocol, type RouteFacts } from './openapiProtocol';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler checks If-Match against the record's version (checkIfMatch insists on it being said). */
    ifMatch?: boolean;
    /** Errors the route answers beyond those its kind implies (an open route's 401, …), with why. */
    errors?: Readonly<Record<number, string>>;
  }
}

/** The browsable reference (Swagger UI, served from the package: no network needed). */
const DOCS = '/api/docs';

/** Each app's routes as the document names them (`get /api/leave/{id}`), with what it says of them. */
const seen = new WeakMap<FastifyInstance, Map<string, RouteFacts>>();

/** `/api/leave/:id` as the document writes it: `/api/leave/{id}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every route the service registered (HEAD aside), as `get /api/leave/{id}`: what the document must list. */
export const routesOf = (app: FastifyInstance): readonly string[] => [...(seen.get(app)?.keys() ?? [])];

/** The domains routes are grouped in, as the reference shows them. */
const TAGS: Record<string, string> = {
  auth: 'Signing in: access and refresh tokens, their rotation, signing out.',
  users: "People in the caller's organization, their roles, managers and calendars.",
  departments: "The organization's departments.",
  organization: 'The organization itself: its name, country and settings.',
  leave: 'Leave requests and their decisions, the team calendar and its feeds, allowances and balances.',
  trainings: 'Trainings people are to take or have taken, and the reference lists they use.',
  forms: 'Forms and surveys: building, distributing, answering (also without an account) and analytics.',
  notifications: "The caller's notifications.",
  service: 'The service itself: health, what changed since a sync, live events and this document.',
};

/** The domain a route belongs to, its tag in the document: mostly the first segment after /api. */
function tagOf(url: string): string {
  if (!url.startsWith('/api/') || url.startsWith('/api/calendar-feeds')) return 'leave'; // calendar feeds
  const first = url.split('/')[2] ?? '';
  if (first.startsWith('training-')) return 'trainings';
  return ['openapi.json', 'health', 'sync', 'events', ''].includes(first) ? 'service' : first;
}

/**
 * `GET /api/leave/:id/status` → `getLeaveByIdStatus`, `…/responses.csv` → `…ResponsesCsv`, `GET
 * /feeds/:file` → `getFeedsByFile`: stable, unique, readable.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(url.startsWith('/api/') ? 2 : 1)
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[-.]/)));
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** A 204's answer: no body. */
export const NO_CONTENT = { description: 'Done; no body', type: 'null' } as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
const isZod = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * Each route's zod schemas as JSON Schema; an answer given as plain JSON Schema (a 204's
 * `{ type: 'null' }`, no body) is kept as it is.
 */
function describe(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  if (!input.schema.response) return jsonSchemaTransform(input);
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
  const facts = new Map<string, RouteFacts>();
  seen.set(app, facts);
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    // The reference page and its files, from the installed package: readable with no token.
    if (url.startsWith(DOCS)) route.config = { ...(route.config as object), auth: 'none' };
    if (route.method === 'HEAD' || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const config = route.config ?? {};
    const open = config.auth === 'none';
    facts.set(`${method.toLowerCase()} ${pathOf(url)}`, {
      open,
      keyed: (!open && method !== 'GET') || config.idempotencyScope !== undefined,
      ifMatch: config.ifMatch === true,
      errors: config.errors ?? {},
    });
    route.schema = {
      tags: [tagOf(url)],
      operationId: operationIdOf(method, url),
      // No token needed; or one taken when given (a public form answered by someone signed in).
      ...(open ? { security: [] } : config.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
      ...(route.schema as object | undefined),
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
      // Relative: the document describes the service that serves it, wherever that is.
      servers: [{ url: '/', description: 'The service serving this document' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: describe,
    transformObject: (made) =>
      withProtocol((made as { openapiObject: Parameters<typeof withProtocol>[0] }).openapiObject, (method, path) =>
        facts.get(`${method} ${path}`)!,
      ),
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
