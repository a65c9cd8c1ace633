import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageForStatus, type ApiError } from '@parley/contracts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  outageOf,
  STORAGE_FULL_MESSAGE,
  STORAGE_UNAVAILABLE_MESSAGE,
  type Outage,
} from './outage.js';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Thrown by services; the central handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message?: string,
    /** Sent with the error body (Retry-After on a 429). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message ?? messageForStatus(statusCode));
  }
}

export const badRequest = (message?: string) => new AppError(400, message);
export const unauthorized = (message?: string) => new AppError(401, message);
export const forbidden = (message?: string) => new AppError(403, message);
export const notFound = (message?: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const paymentRequired = (message: string) => new AppError(402, message);
/** 429; with `retryAfterSeconds`, a Retry-After header says when to ask again. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    message,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : undefined,
  );

/** An absolute path ("/tmp/parley-media-x/source.mp4", "file:///app/dist/x.js") in a message. */
const SERVER_PATH = /(?:file:\/\/|(?<=^|[\s'"(=:[]))\/(?:[^\s'"():/]+\/)+([^\s'"():,/]*)/g;

/**
 * A reason fit to show users (a meeting's statusReason, a verification's or physiology's
 * failure): the first line only, so never a stack, and every absolute server path reduced to
 * its file name. Callers log the original error in full; this is the net under the messages
 * we write ourselves, for the ones a library or tool wrote.
 */
export function withoutServerDetails(message: string): string {
  const firstLine = message.trim().split('\n')[0]?.trim() ?? '';
  return firstLine.replace(SERVER_PATH, (_, name: string) => name || 'a server folder');
}

export function errorBody(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message };
}

/**
 * Fastify's `frameworkErrors`: failures raised before a route is found (a path that is not
 * valid UTF-8 after decoding, a path parameter longer than the router allows) answer in the one
 * error shape too, instead of Fastify's own body with its `code` field.
 */
export function frameworkErrorReply(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const message =
    status === 414 ? 'A path parameter is too long' : messageForStatus(status >= 500 ? 500 : 400);
  return reply.status(status).send(errorBody(status, message));
}

const OUTAGE_ANSWERS: Record<Outage, { status: number; message: string; what: string }> = {
  database: {
    status: 503,
    message: DATABASE_UNAVAILABLE_MESSAGE,
    what: 'the database is unavailable',
  },
  storage: { status: 503, message: STORAGE_UNAVAILABLE_MESSAGE, what: 'the store is unavailable' },
  'disk-full': { status: 507, message: STORAGE_FULL_MESSAGE, what: 'the disk is full' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message =
        first?.message && first.message !== 'Invalid input' ? first.message : 'Invalid details';
      return reply.status(400).send(errorBody(400, message));
    }
    const outage = outageOf(err);
    if (outage) {
      // Logged once per request so an operator sees the outage; the client may retry.
      const { status, message, what } = OUTAGE_ANSWERS[outage];
      request.log.error({ err, outage }, `request failed: ${what}`);
      if (status === 503) void reply.header('retry-after', '5');
      return reply.status(status).send(errorBody(status, message));
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(errorBody(status, messageForStatus(status)));
    }
    return reply.status(status).send(errorBody(status, err.message || messageForStatus(status)));
  });
}
