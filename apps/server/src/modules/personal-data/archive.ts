import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of the archive as manifest.json lists it. */
export interface ManifestItem {
  path: string;
  description: string;
  bytes: number;
}

/** JSON as people read it: dates as ISO text, binary columns as base64. */
function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
      if (typeof v === 'bigint') return v.toString();
      return v;
    },
    2,
  );
}

/**
 * A ZIP written as it is read: files are added one after another and their bytes flow to
 * `stream` as they are compressed, so a long recording is never held in memory. Media is
 * stored as it is (already compressed); JSON and text are deflated.
 */
export function createArchive() {
  const stream = new PassThrough();
  const items: ManifestItem[] = [];
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      stream.destroy(err);
      return;
    }
    // A download the browser gave up on: nothing more to write.
    if (stream.destroyed) return;
    // Backpressure is the caller's: it awaits each media file before the next one.
    stream.write(chunk);
    if (final) stream.end();
  });

  /** Resolves when the reader took what was written, or left. */
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });

  function addBytes(path: string, description: string, bytes: Buffer) {
    const file = new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(new Uint8Array(bytes), true);
    items.push({ path, description, bytes: bytes.length });
  }

  return {
    stream: stream as Readable,
    items,

    json(path: string, description: string, value: unknown) {
      addBytes(path, description, Buffer.from(toJson(value)));
    },

    text(path: string, description: string, value: string) {
      addBytes(path, description, Buffer.from(value));
    },

    /** Copies a stored object in; resolves once its last byte is in the archive. */
    async media(path: string, description: string, source: Readable): Promise<void> {
      const file = new ZipPassThrough(path);
      zip.add(file);
      let bytes = 0;
      for await (const chunk of source) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        bytes += buf.length;
        file.push(new Uint8Array(buf));
        // Lets the reader drain before more of a large file is pushed.
        if (stream.writableNeedDrain) await drained();
        // The reader went away: stop reading the store (the loop's exit closes `source`).
        if (stream.destroyed) throw new Error('the download was closed before it ended');
      }
      file.push(new Uint8Array(0), true);
      items.push({ path, description, bytes });
    },

    end() {
      zip.end();
    },

    fail(err: Error) {
      zip.terminate();
      stream.destroy(err);
    },

    toJson,
  };
}
export type Archive = ReturnType<typeof createArchive>;
