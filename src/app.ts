/**
 * buildApp(services): the Fastify application with its plugins, API modules and hosted pages.
 * It never listens; the CLI and the tests do.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createLogger, prettyLogs } from './lib/logging.ts';
import { lazySchemaCompilers } from './lib/lazy-schema-compilers.ts';
import { requestLogPlugin } from './plugins/request-log.ts';
import { httpMetricsPlugin } from './metrics/http.ts';
import { authPlugin, type AuthContext } from './plugins/auth.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { clientErrorHandler, errorEnvelopePlugin, frameworkErrors, requestIdFrom } from './plugins/error-envelope.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { homePagePlugin } from './plugins/home-page.ts';
import { inputTextPlugin, parseFormBody } from './plugins/input-text.ts';
import formbody from '@fastify/formbody';
import accepts from '@fastify/accepts';
import { healthRoutes } from './health/health.routes.ts';
import { healthService } from './health/health.service.ts';
import { bankCallbackRoutes } from './hosted/bank-callback.routes.ts';
import { sandboxBankRoutes } from './hosted/sandbox-bank.routes.ts';
import { connectFlowRoutes } from './hosted/connect-flow.routes.ts';
import { formProtection } from './hosted/form-protection.ts';
import { ConnectSessionSchema, connectSessionsRoutes } from './modules/connect-sessions/connect-sessions.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { ConnectionSchema, connectionsRoutes } from './modules/connections/connections.routes.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { providersRoutes } from './modules/providers/providers.routes.ts';
import { simplefinRoutes } from './modules/simplefin/simplefin.routes.ts';
import { simplefinProtocolRoutes } from './modules/simplefin/simplefin.protocol.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import type { Services } from './services.ts';
import { version } from './version.ts';

export interface AppOptions {
  /** Pino log level; 'silent' in tests. */
  logLevel?: string;
}

/** Builds the application; call `.listen()` on the result to serve. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: await createLogger(options.logLevel ?? services.config.logLevel, prettyLogs()),
    // One line per request, written when it ends (plugins/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFrom,
    frameworkErrors,
    clientErrorHandler,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { allErrors: false } },
    // Each route's validators and serializers are compiled on its first request, not at start-up.
    schemaController: { compilersFactory: lazySchemaCompilers },
    routerOptions: { ignoreTrailingSlash: true },
    // BANKDATA_TRUST_PROXY: request.ip is the client behind the operator's reverse proxy.
    trustProxy: services.config.trustProxy,
  });

  await app.register(requestLogPlugin);
  await app.register(httpMetricsPlugin, { publicEndpoint: services.config.metricsPublic });
  await app.register(errorEnvelopePlugin);
  await app.register(inputTextPlugin);
  await app.register(openapiPlugin, { baseUrl: services.config.baseUrl, version });
  await app.register(homePagePlugin, { version });
  await app.register(authPlugin, { partners: services.partners, countRequests: !services.config.redisUrl, clock: services.clock });
  await app.register(rateLimitPlugin, { clock: services.clock, defaultLimit: services.config.rateLimit, redisUrl: services.config.redisUrl });
  await app.register(idempotencyPlugin, { db: services.db, clock: services.clock });

  await app.register(healthRoutes, { health: healthService({ db: services.db, queue: services.queue }) });
  await app.register(partnersRoutes, { partners: services.partners });
  await app.register(usageRoutes, { usage: services.usage });
  await app.register(providersRoutes, { providers: services.providers });
  await app.register(clientsRoutes, { clients: services.clients });
  app.addSchema(ConnectionSchema);
  // The services that follow a partner's sandbox clock, on the time of the request's key (partner-times.ts).
  const at = (auth: AuthContext) => services.times.ofAuth(auth);
  await app.register(connectionsRoutes, { at });
  await app.register(accountsRoutes, { at });
  app.addSchema(ConnectSessionSchema);
  await app.register(connectSessionsRoutes, { at });
  await app.register(sandboxRoutes, { at, state: services.banks.sandbox.state, partners: services.partners });
  await app.register(simplefinRoutes, { simplefin: services.simplefin });
  // SimpleFIN's own protocol under the access URL: HTTP Basic auth, no API key.
  await app.register(simplefinProtocolRoutes, { simplefin: services.simplefin, clock: services.clock, countRequests: !services.config.redisUrl });

  // Hosted pages: HTML forms, no API key.
  await app.register(async (hosted) => {
    await hosted.register(formbody, { parser: parseFormBody });
    await hosted.register(formProtection, { baseUrl: services.config.baseUrl });
    await hosted.register(accepts);
    await hosted.register(sandboxBankRoutes, { times: services.times, baseUrl: services.config.baseUrl });
    await hosted.register(bankCallbackRoutes, { times: services.times });
    await hosted.register(connectFlowRoutes, { times: services.times, providers: services.providers, config: services.config });
  });

  // The partner portal: its own forms, sessions and CSRF tokens, no API key.
  await app.register(portalRoutes, { portal: services.portal, partners: services.partners, webhooks: services.webhooks, directory: services.directory, times: services.times, usage: services.usage, baseUrl: services.config.baseUrl, operator: services.config });

  await app.ready();
  return app;
}
