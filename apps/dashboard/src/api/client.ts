/**
 * Calls to the platform from the dashboard: same origin, the session cookie (HTTP-only, sent by the
 * browser) and the CSRF token the session handed out, on every call.
 */

export interface FieldViolation {
  field: string;
  description: string;
}

/** An answer other than 2xx, read from the API's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldViolations: FieldViolation[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let csrfToken: string | undefined;

/** Kept in memory only: a reload asks the session call again. */
export function setCsrfToken(token: string | undefined) {
  csrfToken = token;
}

interface Envelope {
  message?: string;
  details?: {
    applicationError?: { code?: string; description?: string };
    validationError?: { fieldViolations?: FieldViolation[] };
  };
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(csrfToken ? { 'x-plaza-csrf': csrfToken } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server cannot be reached. Check the connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = {};
  }
  if (!response.ok) {
    const envelope = data as Envelope;
    const application = envelope.details?.applicationError;
    throw new ApiError(
      response.status,
      application?.code ?? `HTTP_${response.status}`,
      application?.description ?? envelope.message ?? `The server answered ${response.status}.`,
      envelope.details?.validationError?.fieldViolations ?? [],
    );
  }
  return data as T;
}
