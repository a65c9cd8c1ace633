import { z } from 'zod';

/** The one error shape every API failure answers with (ARCHITECTURE §3). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The data of the `error` event every Server-Sent Events route ends with when it fails after
 * the stream opened: the fields of the JSON error shape, so a failure reads the same whether it
 * came before the stream (a plain JSON answer) or during it.
 */
export const streamErrorSchema = apiErrorSchema;
export type StreamError = ApiError;
/** The event name that carries a StreamError. */
export const STREAM_ERROR_EVENT = 'error';
