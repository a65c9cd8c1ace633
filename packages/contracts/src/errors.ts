import { z } from 'zod';

/** The one error shape every API failure answers with (ARCHITECTURE §3). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
