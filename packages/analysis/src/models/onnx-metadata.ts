// Reads the metadata (key/value strings) of an ONNX model file without loading the model.
//
// An ONNX file is one protobuf ModelProto message. Its metadata_props (field 14) are
// StringStringEntryProto messages {key = 1, value = 2}. The graph with the weights (field 7)
// is most of the file and is skipped by its length, so a 30 MB model costs a few small reads.
import { open, type FileHandle } from 'node:fs/promises';

const METADATA_PROPS = 14;
const WIRE_VARINT = 0;
const WIRE_64BIT = 1;
const WIRE_LENGTH = 2;
const WIRE_32BIT = 5;

export class NotOnnxError extends Error {}

/** A varint at `pos` of `buf`: its value and the position after it. */
function varint(buf: Buffer, pos: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos + i >= buf.length) throw new NotOnnxError('truncated varint');
    const byte = buf[pos + i]!;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return { value, next: pos + i + 1 };
    scale *= 128;
  }
  throw new NotOnnxError('varint longer than 10 bytes');
}

/** Fields of a small protobuf message held in memory: field number → length-delimited values. */
function stringFields(buf: Buffer): Map<number, string> {
  const out = new Map<number, string>();
  let pos = 0;
  while (pos < buf.length) {
    const tag = varint(buf, pos);
    const field = Math.floor(tag.value / 8);
    const wire = tag.value % 8;
    pos = tag.next;
    if (wire === WIRE_LENGTH) {
      const len = varint(buf, pos);
      out.set(field, buf.toString('utf8', len.next, len.next + len.value));
      pos = len.next + len.value;
    } else if (wire === WIRE_VARINT) pos = varint(buf, pos).next;
    else if (wire === WIRE_64BIT) pos += 8;
    else if (wire === WIRE_32BIT) pos += 4;
    else throw new NotOnnxError(`unexpected wire type ${wire}`);
  }
  return out;
}

async function readAt(fh: FileHandle, pos: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, pos);
  return buf.subarray(0, bytesRead);
}

/**
 * The model's metadata_props as a plain object. Throws NotOnnxError when the file is not a
 * protobuf ModelProto (a field number or length that runs past the end of the file).
 */
export async function onnxMetadata(path: string): Promise<Record<string, string>> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    if (size === 0) throw new NotOnnxError('empty file');
    const meta: Record<string, string> = {};
    let pos = 0;
    let fields = 0;
    while (pos < size) {
      const head = await readAt(fh, pos, 20);
      const tag = varint(head, 0);
      const field = Math.floor(tag.value / 8);
      const wire = tag.value % 8;
      // ModelProto's fields are numbered 1…25; anything else means this is not one.
      if (field < 1 || field > 100) throw new NotOnnxError(`field number ${field}`);
      let next: number;
      if (wire === WIRE_LENGTH) {
        const len = varint(head, tag.next);
        const start = pos + len.next;
        next = start + len.value;
        if (next > size) throw new NotOnnxError('a field runs past the end of the file');
        if (field === METADATA_PROPS) {
          const entry = stringFields(await readAt(fh, start, len.value));
          const key = entry.get(1);
          if (key !== undefined) meta[key] = entry.get(2) ?? '';
        }
      } else if (wire === WIRE_VARINT) next = pos + varint(head, tag.next).next;
      else if (wire === WIRE_64BIT) next = pos + tag.next + 8;
      else if (wire === WIRE_32BIT) next = pos + tag.next + 4;
      else throw new NotOnnxError(`unexpected wire type ${wire}`);
      pos = next;
      fields++;
    }
    if (fields === 0) throw new NotOnnxError('no fields');
    return meta;
  } finally {
    await fh.close();
  }
}
