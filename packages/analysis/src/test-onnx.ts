// Tests only: a small real ONNX speaker-embedding model in the format sherpa-onnx reads, written
// with a minimal protobuf encoder (enough for one ModelProto), since no trained speaker model
// can be downloaded here.
const varint = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};
const key = (field: number, wire: number) => varint(field * 8 + wire);
const num = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytes = (field: number, body: number[] | string) => {
  const b = typeof body === 'string' ? [...Buffer.from(body)] : body;
  return [...key(field, 2), ...varint(b.length), ...b];
};
const FLOAT = 1;
/** ValueInfoProto: a float tensor with the given dims (a number, or a named free dim). */
const tensorInfo = (name: string, dims: (number | string)[]) =>
  bytes(1, name).concat(
    bytes(
      2,
      bytes(1, [
        ...num(1, FLOAT),
        ...bytes(
          2,
          dims.flatMap((d) => bytes(1, typeof d === 'number' ? num(1, d) : bytes(2, d))),
        ),
      ]),
    ),
  );

/**
 * A WeSpeaker-format model whose embedding is the mean of the 80 log-mel filterbank values
 * sherpa-onnx computes (ReduceMean over time): a real, if plain, voice profile, small enough
 * to write here. The metadata are the keys sherpa-onnx reads for the wespeaker family.
 */
export function meanFbankModel(meta: Record<string, string>): Buffer {
  const node = [
    ...bytes(1, 'feats'),
    ...bytes(2, 'embs'),
    ...bytes(4, 'ReduceMean'),
    ...bytes(5, [...bytes(1, 'axes'), ...num(8, 1), ...num(20, 7)]), // INTS [1]
    ...bytes(5, [...bytes(1, 'keepdims'), ...num(3, 0), ...num(20, 2)]), // INT 0
  ];
  const graph = [
    ...bytes(1, node),
    ...bytes(2, 'mean-fbank'),
    ...bytes(11, tensorInfo('feats', ['N', 'T', 80])),
    ...bytes(12, tensorInfo('embs', ['N', 80])),
  ];
  const model = [
    ...num(1, 7), // IR version 7 goes with opset 13, where ReduceMean takes axes as an attribute
    ...bytes(2, 'parley-test'),
    ...bytes(7, graph),
    ...bytes(8, [...bytes(1, ''), ...num(2, 13)]),
    ...Object.entries(meta).flatMap(([k, v]) => bytes(14, [...bytes(1, k), ...bytes(2, v)])),
  ];
  return Buffer.from(model);
}

export const WESPEAKER = {
  framework: 'wespeaker',
  output_dim: '80',
  sample_rate: '16000',
  normalize_samples: '0',
  language: 'English',
};
