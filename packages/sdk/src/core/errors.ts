/** `details.applicationError` of the error envelope (API map 4.1). */
export interface ApplicationError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

/** One entry of `details.validationError.fieldViolations` (API map 4.1). */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

export interface PlazaErrorDetails {
  applicationError?: ApplicationError;
  validationError?: { fieldViolations: FieldViolation[] };
}

export interface PlazaErrorInit {
  status?: number;
  requestId?: string;
  details?: PlazaErrorDetails;
  cause?: unknown;
}

/**
 * Every failure of a Plaza call: an error answer of the server, an unreachable server or an
 * unreadable answer. `message` is already normalised (see `errorFromResponse`).
 *
 * @example
 * try {
 *   await client.sites.getOAuthApp({ oAuthAppId: 'missing' });
 * } catch (error) {
 *   if (error instanceof PlazaError && error.status === 404) console.log(error.code, error.requestId);
 * }
 */
export class PlazaError extends Error {
  override readonly name = 'PlazaError';
  /** HTTP status; undefined when no answer arrived (network failure). */
  readonly status: number | undefined;
  /** Value of the `X-Wix-Request-Id` response header, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  readonly details: PlazaErrorDetails;

  constructor(message: string, init: PlazaErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? {};
  }

  /** The application error code, `INVALID_ARGUMENT` for validation errors, else `SYSTEM_ERROR`. */
  get code(): string {
    if (this.details.applicationError) return this.details.applicationError.code;
    return this.details.validationError ? 'INVALID_ARGUMENT' : 'SYSTEM_ERROR';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `Not Found` → `NOT_FOUND`, the official client's default code. */
const constantCase = (statusText: string) =>
  statusText
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** `System error occurred, request-id: <id>` when the id is known. */
export function systemError(
  requestId: string | undefined,
  init: Omit<PlazaErrorInit, 'requestId'> = {},
): PlazaError {
  const message = requestId ? `System error occurred, request-id: ${requestId}` : 'System error occurred';
  return new PlazaError(message, { ...init, requestId });
}

function toViolations(value: unknown): FieldViolation[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((violation) => ({
    ...violation,
    field: text(violation.field) ?? '',
    description: text(violation.description) ?? '',
  }));
}

export interface ErrorAnswer {
  status: number;
  statusText: string;
  /** Parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
  requestId: string | undefined;
}

/**
 * Turns a non-200 answer into a `PlazaError`, following the official client (API map 4.2):
 * - validation error: `INVALID_ARGUMENT: "<field>" <description>, ...`, sorted by field;
 * - application error: `<message>: <description>` (just `<message>` when both are equal), code
 *   and data copied;
 * - any other 4xx: an application error made of the status text and the message;
 * - anything else: `System error occurred` with the request id when known.
 */
export function errorFromResponse({ status, statusText, body, requestId }: ErrorAnswer): PlazaError {
  const envelope = isRecord(body) ? body : {};
  const details = isRecord(envelope.details) ? envelope.details : {};
  // HTTP/2 answers have no status text, hence the last fallback.
  const message = text(envelope.message) || statusText || `HTTP ${status}`;

  if (isRecord(details.validationError)) {
    const fieldViolations = toViolations(details.validationError.fieldViolations).sort((a, b) =>
      a.field < b.field ? -1 : a.field > b.field ? 1 : 0,
    );
    const listed = fieldViolations
      .map((violation) => `"${violation.field}" ${violation.description}`)
      .join(', ');
    return new PlazaError(`INVALID_ARGUMENT: ${listed || message}`, {
      status,
      requestId,
      details: { validationError: { fieldViolations } },
    });
  }

  const sent = isRecord(details.applicationError) ? details.applicationError : undefined;
  if (sent || (status >= 400 && status < 500)) {
    const description = text(sent?.description) ?? message;
    const code =
      sent?.code === undefined || sent.code === null
        ? constantCase(statusText) || String(status)
        : String(sent.code);
    const applicationError = { code, description, data: isRecord(sent?.data) ? sent.data : {} };
    const full = description && description !== message ? `${message}: ${description}` : message;
    return new PlazaError(full, { status, requestId, details: { applicationError } });
  }

  return systemError(requestId, { status });
}
