// Face verification with Human's embeddings: one face against another, or against a template
// made from several frames of the same person.
import { sampleFrames } from './frames.js';
import { detectRaw, getHuman } from './human.js';

/**
 * Similarity at or above which two faces are taken for the same person. Human's similarity on
 * the fixtures: same person 0.48–0.77, different people 0.14–0.38; 0.43 sits in the gap, a
 * little nearer the same-person side so a poor frame of the right person can still pass.
 */
export const SAME_PERSON_THRESHOLD = 0.43;

/** An averaged, re-normalised embedding of one person and how many faces made it. */
export interface FaceTemplate {
  embedding: number[];
  faces: number;
}

export interface FaceComparison {
  similarity: number;
  samePerson: boolean;
  threshold: number;
}

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** Averages embeddings into one template (raw values: Human's similarity scale depends on them). */
export function faceTemplate(embeddings: number[][]): FaceTemplate {
  const usable = embeddings.filter((e) => e.length > 0 && norm(e) > 0);
  if (usable.length === 0) throw new Error('a face template needs at least one face embedding');
  const size = usable[0]!.length;
  if (usable.some((e) => e.length !== size)) throw new Error('face embeddings differ in length');
  const sum = new Array<number>(size).fill(0);
  for (const e of usable) for (let i = 0; i < size; i++) sum[i]! += e[i]! / usable.length;
  return { embedding: sum, faces: usable.length };
}

const vectorOf = (x: number[] | FaceTemplate) => (Array.isArray(x) ? x : x.embedding);

/** Similarity of two faces (embeddings or templates) and whether they are the same person. */
export async function compareFaces(
  a: number[] | FaceTemplate,
  b: number[] | FaceTemplate,
  threshold = SAME_PERSON_THRESHOLD,
): Promise<FaceComparison> {
  const va = vectorOf(a);
  const vb = vectorOf(b);
  if (va.length === 0 || va.length !== vb.length)
    throw new Error('face embeddings differ in length');
  const similarity = (await getHuman()).match.similarity(va, vb);
  return { similarity, samePerson: similarity >= threshold, threshold };
}

/**
 * A template of the main (largest) face in a video between `from` and `to` seconds, e.g. the
 * candidate's registration clip. Throws when no face is found.
 */
export async function faceTemplateFromVideo(
  file: string,
  opts: { fps?: number; from?: number; to?: number; maxFaces?: number } = {},
): Promise<FaceTemplate> {
  const embeddings: number[][] = [];
  const from = opts.from ?? 0;
  const to = opts.to ?? Infinity;
  for await (const frame of sampleFrames(file, { fps: opts.fps ?? 1 })) {
    if (frame.t < from) continue;
    if (frame.t >= to || embeddings.length >= (opts.maxFaces ?? 20)) break;
    const faces = await detectRaw(frame.rgb, frame.width, frame.height);
    const main = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (main?.embedding.length) embeddings.push(main.embedding);
  }
  if (embeddings.length === 0) throw new Error(`no face found in ${file}`);
  return faceTemplate(embeddings);
}
