import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Every setting Plaza reads from the environment; `.env.example` mirrors this list. */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({
    minimum: 1,
    maximum: 65535,
    default: 4000,
    description: 'HTTP port of the platform.',
  }),
  HOST: Type.String({
    minLength: 1,
    default: '127.0.0.1',
    description: 'Interface to listen on (0.0.0.0 for all).',
  }),
  DATA_DIR: Type.String({
    minLength: 1,
    default: './data',
    description: 'Folder for the SQLite database and uploaded media.',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'PostgreSQL connection string; SQLite under DATA_DIR when unset.',
    }),
  ),
  PUBLIC_URL: Type.String({
    pattern: '^https?://',
    default: 'http://localhost:4000',
    description:
      'Public base URL of the platform, used in links and hosted-page URLs (default: localhost on PORT).',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description:
        'SMTP server for outgoing e-mail (smtp://user:pass@host:587); messages are always kept in the dev mailbox too.',
    }),
  ),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Plaza <no-reply@localhost>',
    description: 'From header of outgoing e-mail.',
  }),
  SECRETS_KEY: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'Key (32 bytes, 64 hex digits or base64) that encrypts stored third-party secrets such as SSO client secrets; generated into DATA_DIR/secrets.key when unset.',
    }),
  ),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info', description: 'Log level.' },
  ),
  LOG_FORMAT: Type.Union([Type.Literal('json'), Type.Literal('pretty')], {
    default: 'json',
    description:
      'json: one JSON object per line, the lines of a request carrying its requestId (for log collectors); pretty: coloured lines for reading in a terminal during development.',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      description:
        'Bearer token that reads the Prometheus metrics at /metrics; without it, an admin API key does (the metrics cover every site of the install).',
    }),
  ),
  ALLOWED_ORIGINS: Type.String({
    default: 'http://localhost:3000',
    description: 'Comma-separated browser origins allowed by CORS (OAuth clients add their own).',
  }),
  BODY_LIMIT: Type.Integer({
    minimum: 1024,
    default: 1_048_576,
    description: 'Largest accepted request body, in bytes.',
  }),
  OUTBOX_RETENTION_HOURS: Type.Integer({
    minimum: 1,
    default: 72,
    description:
      'Hours a domain event stays in the outbox after it occurred and every durable consumer has read it; older ones are dropped in the background.',
  }),
  WEBHOOKS_ALLOW_HTTP: Type.Union([Type.Literal('false'), Type.Literal('true')], {
    default: 'false',
    description: 'Let webhook endpoints use plain http (https only otherwise); for development.',
  }),
  WEBHOOKS_ALLOW_PRIVATE: Type.Union([Type.Literal('false'), Type.Literal('true')], {
    default: 'false',
    description:
      'Let webhook endpoints name loopback, private and link-local addresses (refused otherwise, when created and at each delivery); for development.',
  }),
  SSO_ALLOW_PRIVATE: Type.Union([Type.Literal('false'), Type.Literal('true')], {
    default: 'false',
    description:
      'Let SSO connections name an issuer (and endpoints) on loopback, private and link-local addresses (refused otherwise); for development and tests.',
  }),
  WEBHOOKS_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 10_000,
    description: 'How long a webhook delivery waits for the endpoint to answer.',
  }),
  WEBHOOKS_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    default: 30,
    description:
      'Days the webhook delivery log keeps a settled delivery and its attempts (replays reach back this far); older ones are dropped in the background.',
  }),
  TRUST_PROXY: Type.String({
    pattern: '^(false|true|[0-9]+|[0-9A-Fa-f.:/]+(, *[0-9A-Fa-f.:/]+)*)$',
    default: 'false',
    description:
      'Behind a reverse proxy: true (trust X-Forwarded-For/-Proto/-Host from any peer), a number of proxy hops, or the comma-separated addresses or CIDR ranges of the proxies; false when clients connect directly.',
  }),
  DEMO_PORT: Type.Integer({
    minimum: 1,
    maximum: 65535,
    default: 3000,
    description: 'Port of the demo storefront started by `npm start`.',
  }),
});

export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {}

const integerKeys = new Set([
  'PORT',
  'BODY_LIMIT',
  'OUTBOX_RETENTION_HOURS',
  'DEMO_PORT',
  'WEBHOOKS_TIMEOUT_MS',
  'WEBHOOKS_RETENTION_DAYS',
]);

/** Reads the configuration from `env`, applies defaults and refuses bad values with a message naming them. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    raw[key] = integerKeys.has(key) && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  }
  // Without a public URL, links point at this machine on the configured port.
  if (raw.PUBLIC_URL === undefined && typeof raw.PORT === 'number')
    raw.PUBLIC_URL = `http://localhost:${raw.PORT}`;
  const withDefaults = Value.Default(ConfigSchema, raw);
  const problems = [...Value.Errors(ConfigSchema, withDefaults)].map((error) => {
    const key = error.path.replace(/^\//, '');
    return `${key}=${JSON.stringify(env[key] ?? '')}: ${error.message}`;
  });
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
  return withDefaults as Config;
}

export function allowedOrigins(config: Config): string[] {
  return config.ALLOWED_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/**
 * The server's pino options: JSON lines by default (each request's lines carry its `requestId`, the
 * `x-wix-request-id` it answers with), pino-pretty when `LOG_FORMAT=pretty`. Authorization headers and
 * cookies never reach the log.
 */
export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    ...(config.LOG_FORMAT === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

/**
 * `TRUST_PROXY` as Fastify's `trustProxy` takes it: a boolean, the proxies' addresses, or for a hop
 * count the test of each hop (the nearest `n` are proxies).
 */
export function trustProxy(config: Config): boolean | string | ((address: string, hop: number) => boolean) {
  const value = config.TRUST_PROXY.trim();
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^[0-9]+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
