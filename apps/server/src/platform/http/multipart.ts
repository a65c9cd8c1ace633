/**
 * Runs `read` over a multipart request, turning @fastify/multipart's own failures into the
 * route's answers: a file over the size limit, and a body that is not a multipart form.
 */
export async function readMultipart<T>(
  read: () => Promise<T>,
  answers: { tooLarge(): Error; notMultipart(): Error },
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw answers.tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw answers.notMultipart();
    throw err;
  }
}
