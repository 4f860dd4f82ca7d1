import { env } from '../config/env';
import { currentLanguage } from './i18n/language';
import { OFFLINE_TEXT } from './offline-text';
import { isOffline } from './online';

/**
 * The one fetch wrapper for `/api` calls. The session travels in the httpOnly cookie the server
 * sets at sign-in (docs/domain.md, "Sessions and sign-in"), so no token is read or stored here.
 */

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';
export const NETWORK_ERROR_MESSAGE = 'An unexpected error occurred';

/** 'offline': the browser knew it had no network, so the server was not asked. */
export type ApiErrorKind = 'http' | 'network' | 'offline' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** True when `message` is the server's own `message` field. */
  readonly fromServer: boolean;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    message: string,
    options: { kind?: ApiErrorKind; fromServer?: boolean; retryAfter?: number | undefined } = {},
  ) {
    super(message);
    this.status = status;
    this.kind = options.kind ?? 'http';
    this.fromServer = options.fromServer ?? false;
    this.retryAfter = options.retryAfter;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The text to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return NETWORK_ERROR_MESSAGE;
}

export type QueryValue = string | number | boolean | null | undefined;

/** Anything with a zod-like `parse`, to check a response against a contract schema. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string values; `null`/`undefined` are left out, empty strings are kept. */
  query?: Record<string, QueryValue> | undefined;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Checks (and types) the response body; a mismatch throws an `ApiError`. */
  schema?: ResponseSchema<T> | undefined;
  /**
   * Leave a 401 to the caller instead of ending the session. Sign-in (a 401 means wrong
   * credentials) and sign-out (a 401 means already signed out) use it.
   */
  skipSessionExpiry?: boolean;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called with the error whenever a call (other than those with `skipSessionExpiry`) gets a 401:
 * the session ended on the server. The app clears the local session and goes to the login
 * screen. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/** A path of the endpoint table and its query as a URL: `/playrep/x`, `{ a: 1 }` -> `/api/playrep/x?a=1`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const suffix = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${env.apiBaseUrl}${suffix}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const text = await response.text().catch(() => '');
  if (text.trim() === '') return { ok: true, data: undefined };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, signal, schema, skipSessionExpiry = false } = options;
  // The server answers its messages in the language the person reads (docs/decisions/0021-languages.md).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  // Offline, nothing is sent: the caller says the call needs a connection.
  if (isOffline()) throw new ApiError(0, OFFLINE_TEXT.needsConnection, { kind: 'offline' });
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError so React Query recognises it.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    if (isOffline()) throw new ApiError(0, OFFLINE_TEXT.needsConnection, { kind: 'offline' });
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { kind: 'network' });
  }

  const parsed = await readJson(response);

  if (!response.ok) {
    const message = parsed.ok ? serverMessage(parsed.data) : undefined;
    const error = new ApiError(response.status, message ?? DEFAULT_ERROR_MESSAGE, {
      fromServer: message !== undefined,
      retryAfter: response.status === 429 ? retryAfterSeconds(response) : undefined,
    });
    if (response.status === 401 && !skipSessionExpiry) {
      for (const listener of [...unauthorizedListeners]) listener(error);
    }
    throw error;
  }

  if (!parsed.ok) throw new ApiError(response.status, DEFAULT_ERROR_MESSAGE, { kind: 'invalid-response' });
  if (!schema) return parsed.data as T;
  try {
    return schema.parse(parsed.data);
  } catch (error) {
    console.error(`Unexpected response from ${path}`, error);
    throw new ApiError(response.status, DEFAULT_ERROR_MESSAGE, { kind: 'invalid-response' });
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'query' | 'body'>;

/** Shorthands: `api.get(path, query)`, `api.post(path, body)` (paths from the contracts' ENDPOINTS). */
export const api = {
  get<T = unknown>(path: string, query?: Record<string, QueryValue>, options?: Options<T>): Promise<T> {
    return apiRequest<T>(path, { ...options, method: 'GET', query });
  },
  post<T = unknown>(path: string, body?: unknown, options?: Options<T>): Promise<T> {
    return apiRequest<T>(path, { ...options, method: 'POST', body });
  },
};
