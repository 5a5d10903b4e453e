/**
 * A tiny same-origin JSON client for the hosted pages. The server answers errors with the envelope
 * of API map 4.1 (`{message, details: {applicationError | validationError}}`); they become ApiError.
 */

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  data?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** `applicationError.code`, `VALIDATION` for field violations, `NETWORK` or `HTTP_<status>`. */
    readonly code: string,
    message: string,
    readonly description: string,
    readonly data: Record<string, unknown> = {},
    readonly violations: FieldViolation[] = [],
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Builds the ApiError of a non-2xx answer from its (parsed JSON, if any) body. */
export function toApiError(status: number, body: unknown, requestId?: string): ApiError {
  const envelope = isObject(body) ? body : {};
  const message = typeof envelope.message === 'string' ? envelope.message : `Request failed (${status})`;
  const details = isObject(envelope.details) ? envelope.details : {};
  const validation = isObject(details.validationError) ? details.validationError : undefined;
  if (validation && Array.isArray(validation.fieldViolations)) {
    const violations = validation.fieldViolations.filter(isObject).map(
      (v): FieldViolation => ({
        field: typeof v.field === 'string' ? v.field : '',
        description: typeof v.description === 'string' ? v.description : 'is not valid',
        ...(typeof v.violatedRule === 'string' ? { violatedRule: v.violatedRule } : {}),
        ...(isObject(v.data) ? { data: v.data } : {}),
      }),
    );
    return new ApiError(status, 'VALIDATION', message, message, {}, violations, requestId);
  }
  const app = isObject(details.applicationError) ? details.applicationError : {};
  const code = typeof app.code === 'string' || typeof app.code === 'number' ? String(app.code) : '';
  return new ApiError(
    status,
    code || `HTTP_${status}`,
    message,
    typeof app.description === 'string' ? app.description : message,
    isObject(app.data) ? app.data : {},
    [],
    requestId,
  );
}

export const networkError = () =>
  new ApiError(0, 'NETWORK', 'Network error', 'The server could not be reached.');

/** Paths of the calls the pages make (checked against @plaza/contracts in api.test.ts). */
export const paths = {
  token: '/oauth2/token',
  getSite: '/plaza/v1/site',
  getRedirectSession: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}`,
  authorizeRedirectSession: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/authorize`,
  completeRedirectLogout: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/logout`,
  register: '/_api/iam/authentication/v2/register',
  login: '/_api/iam/authentication/v2/login',
  verifyDuringAuthentication: '/_api/iam/verification/v1/auth/verify',
  resendDuringAuthentication: '/_api/iam/verification/v1/auth/resend',
  sendRecoveryEmail: '/_api/iam/recovery/v1/send-email',
  recover: '/_api/iam/recovery/v1/recover',
  hostedCheckout: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/checkout`,
  payHostedCheckout: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/checkout/pay`,
  hostedThankYou: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/checkout/thank-you`,
  hostedEventCheckout: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/checkout/event`,
  hostedBookingService: (id: string) =>
    `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/bookings/service`,
  hostedBookingSlots: (id: string) => `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/bookings/slots`,
  bookHostedBookingSlot: (id: string) =>
    `/plaza/v1/redirect-sessions/${encodeURIComponent(id)}/bookings/book`,
} as const;

/** Calls the API on the page's own origin; `token` goes raw into `Authorization` (map 2.5). */
export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: { body?: object; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = options.token;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'omit',
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw networkError();
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok)
    throw toApiError(response.status, body, response.headers.get('x-wix-request-id') ?? undefined);
  if (body === undefined) throw toApiError(response.status, undefined);
  return body as T;
}
