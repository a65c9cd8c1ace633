import type { ByteRange } from '../storage/types.js';

/**
 * The one byte range of a Range header (RFC 9110 §14.1.2) over `size` bytes: null when the
 * header is absent or not a single bytes range (the whole object is served), 'unsatisfiable'
 * when it starts past the end. Players ask for one range at a time; multipart ranges answer
 * with the whole object, which the RFC allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix range: the last N bytes.
    const n = Number(last);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
