import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions, type LogOptions } from './http/logging';
import { AccessTokens, loadSigningKey } from './auth/accessTokens';
import { registerAuthentication } from './auth/authenticate';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottlePolicy } from './auth/loginThrottle';
import { OneTimeTokens } from './auth/oneTimeTokens';
import { Mailer, type MailOptions } from './mail/mailer';
import { RefreshTokens } from './auth/refreshTokens';
import { registerPasswordRoutes } from './auth/passwordRoutes';
import { registerAuthRoutes } from './auth/routes';
import { commitEachTransaction, GroupCommit } from './db/engine/groupCommit';
import type { Engine } from './db/engine/engine';
import { PostgresEngine } from './db/engine/postgresEngine';
import type { SqliteEngine } from './db/engine/sqliteEngine';
import { registerDepartmentRoutes } from './departments/routes';
import { registerOrganizationRoutes } from './organization/routes';
import type { ServiceContext } from './http/context';
import { registerErrorHandling } from './http/errors';
import { registerConditionalGet } from './http/etag';
import { registerGroupCommit } from './http/groupCommit';
import { registerOpenApi } from './http/openapi';
import { registerIdempotency } from './http/idempotency';
import { systemClock, type Clock } from './system/clock';
import { registerHealthRoutes } from './system/health';
import { registerSyncStateRoutes } from './system/syncState';
import { registerUserRoutes } from './users/routes';
import { registerPreferenceRoutes } from './users/preferenceRoutes';
import { OrganizationHosts } from './organization/hosts';
import { registerTrainingReferenceRoutes } from './trainings/references';
import { registerTrainingRoutes } from './trainings/routes';
import { housekeeping, HOUSEKEEPING_EVERY_MS } from './system/housekeeping';
import { EventHub } from './events/eventHub';
import { registerEventRoutes } from './events/routes';
import { registerChangeEvents } from './events/touches';
import { registerLeaveRoutes } from './leave/routes';
import { registerCalendarFeedRoutes } from './calendarFeeds/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerFormRoutes } from './forms/routes';
import { registerSubmissionRoutes } from './forms/submissions';
import { registerResponseRoutes } from './forms/responses';

export interface ServiceOptions {
  /** The store, migrated: SQLite (the default) or PostgreSQL. */
  engine: Engine;
  clock?: Clock;
  logger?: LogOptions | false;
  throttle?: ThrottlePolicy;
  /** Access tokens' lifetime (default 15 minutes). */
  accessTokenSeconds?: number;
  /** How often an event stream says it is alive (tests shorten it). */
  heartbeatMs?: number;
  /** The base of links in invitations and resets (`--public-url`); else each request's own address. */
  publicUrl?: string;
  /** Where mail goes out (`--smtp`, `--mail-from`); without it nothing is sent. */
  mail?: MailOptions;
  /** Whether anyone may create an organization (`--open-signup`); else that route answers 404. */
  openSignup?: boolean;
  /** Whether a proxy in front sets X-Forwarded-Host and -Proto (`--trust-proxy`). */
  trustProxy?: boolean;
  /** Extra routes, registered with the same hooks as the service's own (tests of the HTTP layer). */
  extraRoutes?: (app: FastifyInstance) => void;
}

/** The HR service as a Fastify instance, not yet listening. */
export async function buildService(options: ServiceOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    // Behind a proxy told so (`--trust-proxy`), its X-Forwarded-Host and -Proto are the request's.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const { engine } = options;
  const context: ServiceContext = {
    engine,
    clock,
    accessTokens: new AccessTokens(await loadSigningKey(engine), clock, options.accessTokenSeconds),
    refreshTokens: new RefreshTokens(engine, clock),
    throttle: new LoginThrottle(engine, clock, options.throttle ?? DEFAULT_THROTTLE),
    commits: engine.sqlite ? new GroupCommit(engine as SqliteEngine) : commitEachTransaction,
    events: new EventHub(engine),
    oneTimeTokens: new OneTimeTokens(engine, clock),
    mailer: null as unknown as Mailer,
    publicUrl: options.publicUrl?.replace(/\/+$/, '') ?? null,
    hosts: new OrganizationHosts(engine),
  };
  // A link in a mail is built from --public-url, never from the request's Host: a forged Host would
  // otherwise send someone's reset link to another site.
  if (options.mail && !context.publicUrl) throw new Error('Mail needs --public-url: the address its links point to');
  context.mailer = new Mailer(engine, clock, context.commits, options.mail ?? null, (error, message) =>
    app.log.warn({ err: error }, message),
  );
  app.decorate('hr', context);
  if (engine instanceof PostgresEngine) {
    engine.onIdleError = (error) =>
      app.log.warn({ err: error }, 'a pooled PostgreSQL connection ended; another is made');
  }
  await context.events.listen();
  // The API speaks JSON only: any other body is 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);
  registerGroupCommit(app);
  registerAuthentication(app);
  registerIdempotency(app);
  registerConditionalGet(app);
  registerChangeEvents(app);
  await registerOpenApi(app);

  registerHealthRoutes(app);
  registerSyncStateRoutes(app);
  registerAuthRoutes(app);
  registerPasswordRoutes(app);
  registerUserRoutes(app);
  registerPreferenceRoutes(app);
  registerDepartmentRoutes(app);
  registerOrganizationRoutes(app, { openSignup: options.openSignup ?? false });
  registerTrainingReferenceRoutes(app);
  registerTrainingRoutes(app);
  registerLeaveRoutes(app);
  registerCalendarFeedRoutes(app);
  registerNotificationRoutes(app);
  registerFormRoutes(app);
  registerSubmissionRoutes(app);
  registerResponseRoutes(app);
  registerEventRoutes(app, options.heartbeatMs);
  options.extraRoutes?.(app);

  await housekeeping(app);
  const timer = setInterval(() => {
    housekeeping(app).catch((error: unknown) => app.log.error({ err: error }, 'the hourly housekeeping failed'));
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // Mail a request queued goes once its answer is out (its transaction committed).
  app.addHook('onResponse', async () => context.mailer.kick());
  context.mailer.start();
  app.addHook('onClose', async () => context.mailer.stop());
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => context.events.closeAll());

  await app.ready();
  return app;
}
