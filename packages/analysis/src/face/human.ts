// One @vladmandic/human instance per process on the WASM backend, loaded on first use from the
// models that ship in node_modules. Nothing is downloaded: model files are served by a local
// fetch and the .wasm binaries are read from the backend package's folder.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ageGender } from './age-gender.js';
import type { RawFace } from './types.js';

/** Face detection minimum confidence (spec §9): the face model's own score of the face. */
export const MIN_FACE_CONFIDENCE = 0.5;
/**
 * The detector's score a candidate box needs before the face mesh model looks at it. Lower than
 * MIN_FACE_CONFIDENCE because the box is not the answer: the mesh model scores the candidate
 * again and only faces it scores >= MIN_FACE_CONFIDENCE are reported. Turned or lowered heads
 * get modest detector scores (0.3-0.5) while the mesh model, which sees the face crop at
 * 192 pixels, is sure of them; Human's own default for this threshold is 0.2.
 */
export const CANDIDATE_CONFIDENCE = 0.3;
/** Faces looked for in one frame; meetings rarely show more on one camera. */
export const DEFAULT_MAX_FACES = 10;

// The parts of Human and tfjs this module touches, so nothing of their typings leaks out.
interface Tensor {
  dispose(): void;
}
interface Tf {
  tensor4d(
    values: Uint8Array | Int32Array,
    shape: [number, number, number, number],
    dtype: 'int32',
  ): Tensor;
}
interface HumanFaceResult {
  score: number;
  boxScore: number;
  box: [number, number, number, number];
  mesh: [number, number, number?][];
  emotion?: { score: number; emotion: string }[];
  embedding?: number[];
  rotation?: {
    angle: { roll: number; yaw: number; pitch: number };
    gaze: { bearing: number; strength: number };
  } | null;
}
interface HumanInstance {
  tf: Tf;
  config: { face: { detector: { maxDetected: number } } };
  load(): Promise<void>;
  detect(
    input: Tensor,
    config?: { face: { emotion: { enabled: boolean } } },
  ): Promise<{ face: HumanFaceResult[]; error?: string | null }>;
  match: {
    similarity(a: number[], b: number[], options?: { order?: number; multiplier?: number }): number;
  };
}
interface HumanModule {
  Human: new (config: Record<string, unknown>) => HumanInstance;
}

const require = createRequire(import.meta.url);
// '@vladmandic/human' resolves (condition "node") to <package>/dist/human.node.js.
const humanRoot = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
const modelsDir = path.join(humanRoot, 'models');
// main of the backend package is <package>/dist/tf-backend-wasm.node.js, beside the .wasm files.
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
/** A prefix no real request uses; only Human's model loader asks for it. */
const MODELS_PREFIX = 'http://parley-models.invalid/';

/**
 * Human's loader calls the global fetch. While it loads, requests under MODELS_PREFIX are
 * answered from the models folder, and a path that leaves that folder is refused; the prefix's
 * host does not exist, so nothing of Human's can reach the network. Other requests (another
 * part of the process fetching meanwhile) go to the original fetch untouched.
 */
async function withLocalModels<T>(run: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = async (
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(MODELS_PREFIX)) return original(input, init);
    const file = path.resolve(modelsDir, decodeURIComponent(url.slice(MODELS_PREFIX.length)));
    if (!file.startsWith(modelsDir + path.sep))
      return new Response('outside models', { status: 403 });
    try {
      const body = await readFile(file);
      const type = file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    } catch {
      return new Response(`no model ${url}`, { status: 404 });
    }
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = original;
  }
}

let instance: Promise<HumanInstance> | undefined;

/** The process's Human, loaded once (≈ 2 s and 250 MB). */
export function getHuman(): Promise<HumanInstance> {
  instance ??= (async () => {
    // The package's exports map hides the node-wasm build, so load it by file path.
    const mod = require(path.join(humanRoot, 'dist', 'human.node-wasm.js')) as HumanModule;
    const human = new mod.Human({
      backend: 'wasm',
      wasmPath: `${wasmDir}${path.sep}`,
      modelBasePath: MODELS_PREFIX,
      debug: false,
      async: true,
      warmup: 'none',
      cacheModels: false,
      cacheSensitivity: 0, // every frame is analysed afresh, never served from a cache
      filter: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      face: {
        enabled: true,
        detector: {
          rotation: true,
          maxDetected: DEFAULT_MAX_FACES,
          // Human applies this to the detector's boxes and to the mesh's score alike; detectOnce
          // then keeps only faces whose mesh score reaches MIN_FACE_CONFIDENCE.
          minConfidence: CANDIDATE_CONFIDENCE,
          skipFrames: 0,
          return: false,
        },
        mesh: { enabled: true },
        iris: { enabled: true, skipFrames: 0 },
        emotion: { enabled: true, skipFrames: 0, minConfidence: 0 }, // all 7 scores
        description: { enabled: true, skipFrames: 0 },
        antispoof: { enabled: false },
        liveness: { enabled: false },
      },
    });
    await withLocalModels(() => human.load());
    return human;
  })();
  instance.catch(() => (instance = undefined)); // a failed load may be retried
  return instance;
}

export interface DetectOptions {
  /**
   * Run the emotion model (true by default). False for an organisation that switched emotion
   * inference off, and for passes that never read emotions (physiology's skin trace).
   */
  emotions?: boolean;
}

/**
 * Borders tried, in turn, around a frame where no face was found, as a share of each side.
 * Human ships MediaPipe's full-range BlazeFace (256-pixel input), made for faces a few metres
 * from the camera: a face that fills a tight crop (a portrait, a webcam at arm's length) is
 * larger than the faces it was trained on. A border of half the side on every edge makes the
 * face at most half the padded frame; a border of a whole side, at most a third. Both keep a
 * face of a 224-pixel crop above 40 pixels at the detector's input.
 */
export const SECOND_PASS_BORDERS = [0.5, 1] as const;

/**
 * Human keeps its configuration across calls (each detect merges what it is given), and the
 * WASM backend runs one model at a time anyway: detections are queued so one call's emotion
 * setting can never apply to another's frame.
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Faces in one RGB frame (rgb24, row-major), as Human reports them. When the frame shows none,
 * the frame is looked at again inside a border (SECOND_PASS_BORDERS), which finds faces that
 * fill the picture; boxes and points are given in the frame's own pixels. A frame with nobody
 * costs two more detector runs (milliseconds each), not the face models behind them.
 */
export async function detectRaw(
  rgb: Uint8Array,
  width: number,
  height: number,
  opts: DetectOptions = {},
): Promise<RawFace[]> {
  const human = await getHuman();
  const emotions = opts.emotions ?? true;
  return serially(async () => {
    const faces = await detectOnce(human, rgb, width, height, emotions);
    if (faces.length > 0) return faces;
    for (const border of SECOND_PASS_BORDERS) {
      const framed = withBorder(rgb, width, height, border);
      const again = await detectOnce(human, framed.rgb, framed.width, framed.height, emotions);
      if (again.length > 0) return again.map((f) => shifted(f, -framed.left, -framed.top));
    }
    return [];
  });
}

async function detectOnce(
  human: HumanInstance,
  rgb: Uint8Array,
  width: number,
  height: number,
  emotions: boolean,
): Promise<RawFace[]> {
  const tensor = human.tf.tensor4d(rgb, [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor, { face: { emotion: { enabled: emotions } } });
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    const faces = result.face.filter((f) => f.score >= MIN_FACE_CONFIDENCE);
    const boxes = faces.map(
      (f) => meshBox(f.mesh) ?? { x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3] },
    );
    // Age and gender from face-api's model (age-gender.ts), not Human's faceres.
    const demographics = await ageGender(rgb, width, height, boxes);
    return faces.map((f, i) => {
      const { age, male } = demographics[i]!;
      return {
        score: f.score,
        box: boxes[i]!,
        mesh: f.mesh.map((p) => [p[0], p[1]] as [number, number]),
        angles: f.rotation ? { ...f.rotation.angle } : undefined,
        gaze: f.rotation ? { ...f.rotation.gaze } : undefined,
        age: Math.round(age * 10) / 10,
        // Always the likelier label: its score says how sure (0 = a coin toss), and a video's
        // summary averages p(male) over frames, which a per-frame cut-off would bias.
        gender: male >= 0.5 ? ('male' as const) : ('female' as const),
        genderScore: Math.round(Math.abs(2 * male - 1) * 100) / 100,
        // Empty when the emotion model was not run (Human then gives no emotion at all).
        emotions: Object.fromEntries((f.emotion ?? []).map((e) => [e.emotion, e.score])),
        embedding: f.embedding ?? [],
      };
    });
  } finally {
    tensor.dispose();
  }
}

/**
 * The frame inside a border of `share` of its size on each side, the border continuing the
 * frame's edge pixels: a flat colour would draw a hard edge next to the face, which a detector
 * can take for a face's outline.
 */
export function withBorder(
  rgb: Uint8Array,
  width: number,
  height: number,
  share: number,
): { rgb: Uint8Array; width: number; height: number; left: number; top: number } {
  const left = Math.round(width * share);
  const top = Math.round(height * share);
  const w = width + 2 * left;
  const h = height + 2 * top;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - top));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.max(0, x - left));
      const i = (sy * width + sx) * 3;
      const o = (y * w + x) * 3;
      out[o] = rgb[i]!;
      out[o + 1] = rgb[i + 1]!;
      out[o + 2] = rgb[i + 2]!;
    }
  }
  return { rgb: out, width: w, height: h, left, top };
}

function shifted(face: RawFace, dx: number, dy: number): RawFace {
  return {
    ...face,
    box: { ...face.box, x: face.box.x + dx, y: face.box.y + dy },
    mesh: face.mesh.map(([x, y]) => [x + dx, y + dy] as [number, number]),
  };
}

/**
 * The face's own box: the extent of the 468 mesh points, brow to chin and cheek to cheek.
 * Human's detector box is a head crop about 1.5 times wider, which overlaps hand-drawn face
 * boxes poorly (faces/multi: IoU >= 0.5 for 12 of 43 faces, against 40 with this box).
 */
function meshBox(
  mesh: [number, number, number?][],
): { x: number; y: number; width: number; height: number } | undefined {
  if (mesh.length < 468) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < 468; i++) {
    const [x, y] = mesh[i]!;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Human's similarity of two face embeddings, 0 (unlike) to 1 (identical). */
export async function embeddingSimilarity(a: number[], b: number[]): Promise<number> {
  if (a.length === 0 || a.length !== b.length) return 0;
  return (await getHuman()).match.similarity(a, b);
}
