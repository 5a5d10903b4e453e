import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConcurrencyFailure, isLockTimeout } from '../db/errors.ts';
import { AppError, ValidationError } from '../lib/errors.ts';
import { fieldViolationsFromAjv } from './validation.ts';

interface Envelope {
  message: string;
  details: Record<string, unknown>;
}

const appEnvelope = (
  code: string,
  message: string,
  description = message,
  data: Record<string, unknown> = {},
): Envelope => ({
  message,
  details: { applicationError: { code, description, data } },
});

/** Fastify's own failures (parsing, size, media type), answered in the API's words. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    // The parser does not say which: both are refused alike (the second protects Object.prototype).
    message:
      'The request body is not valid JSON, or it holds a "__proto__" key or a "constructor" with a "prototype"',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty; send {} when there is nothing to send',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_CONTENT_LENGTH',
    message: 'The Content-Length header does not match the body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'INVALID_PATH',
    message: 'The path is not valid: a percent-encoded part of it is not UTF-8',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'PATH_PARAMETER_TOO_LONG',
    message: 'A path parameter is too long for any id, slug or name',
  },
};

export function toEnvelope(error: unknown): { status: number; envelope: Envelope } {
  if (error instanceof ValidationError) {
    return {
      status: 400,
      envelope: {
        message: error.message,
        details: { validationError: { fieldViolations: error.fieldViolations } },
      },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      envelope: appEnvelope(error.code, error.message, error.description, error.data),
    };
  }
  // Rolled back for another request's sake, not for anything wrong with this one: worth sending again.
  if (isConcurrencyFailure(error))
    return {
      status: 409,
      envelope: appEnvelope(
        'CONCURRENT_CHANGE',
        'Another request changed the same data at the same moment',
        'This request was stopped so that the other could finish; send it again.',
      ),
    };
  if (isLockTimeout(error))
    return {
      status: 503,
      envelope: appEnvelope(
        'DATABASE_BUSY',
        'The data is busy with other requests',
        'This request waited too long for other requests to finish; send it again in a moment.',
      ),
    };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    const violations = fieldViolationsFromAjv(fastifyError.validation as never);
    const wrapped = new ValidationError(violations);
    return {
      status: 400,
      envelope: {
        message: wrapped.message,
        details: { validationError: { fieldViolations: wrapped.fieldViolations } },
      },
    };
  }
  const known = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
  if (known)
    return {
      status: known.status,
      envelope: appEnvelope(known.code, known.message, fastifyError.message ?? known.message),
    };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return {
      status,
      envelope: appEnvelope(
        String(fastifyError.code ?? 'BAD_REQUEST'),
        fastifyError.message ?? 'Bad request',
      ),
    };
  }
  return {
    status: 500,
    envelope: appEnvelope(
      'INTERNAL',
      'System error occurred',
      'An unexpected error occurred; quote the request id when reporting it.',
    ),
  };
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path that is not UTF-8, a path
 * parameter over the length limit) come before any route or hook, so the request id is set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, envelope } = toEnvelope(error);
  request.log.info({ status, code: error.code }, envelope.message);
  return reply.status(status).header('x-wix-request-id', request.id).type('application/json').send(envelope);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL past `maxHeaderSize`,
 * malformed HTTP), answered in the envelope too: the connection is then closed.
 */
const clientErrors: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers or URL are too large; send a long query in the body of its POST form',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time',
  },
};

export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  // A client that is gone gets nothing.
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const { status, code, message } = clientErrors[error.code ?? ''] ?? {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request is not valid HTTP',
  };
  const body = JSON.stringify(appEnvelope(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Wix-Request-Id: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Seconds a refused client should wait: what the refusal says (`data.retryAfterSeconds`, e.g. the
 * sign-in throttle's remaining time), else 1, so that every 429 and 503 names a wait.
 */
function retryAfter(error: unknown): string {
  const seconds = error instanceof AppError ? error.data.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? String(Math.ceil(seconds))
    : '1';
}

/** Every answer that is not a 200 goes out in the envelope of the API map, section 4. */
export function installErrorEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, envelope } = toEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'unexpected error');
    else
      request.log.info(
        { status, code: (envelope.details.applicationError as { code?: string } | undefined)?.code },
        envelope.message,
      );
    if (status === 500)
      (envelope.details.applicationError as { data: Record<string, unknown> }).data = {
        requestId: request.id,
      };
    if (status === 503 || status === 429) reply.header('retry-after', retryAfter(error));
    return reply.status(status).type('application/json').send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply
      .status(404)
      .type('application/json')
      .send(
        appEnvelope(
          'ROUTE_NOT_FOUND',
          `No call at ${request.method} ${path}`,
          'Check the method and path against /openapi.json.',
          { method: request.method, path },
        ),
      );
  });
}
