import type { Config, Human } from '@vladmandic/human';
import { FACE_GUIDE } from '@parley/contracts';
import { backendOrder, type DetectorBackend } from './backend-choice';
import { errorMessage, type FaceBox } from './face-guide';
import { FACE_DETECTOR_MODEL, FACE_DETECTOR_PATH } from './face-detector-assets';

/** A loaded face detector; one at a time per page (tfjs keeps one engine per page). */
export interface FaceDetector {
  /** The tfjs backend that really runs. */
  readonly backend: DetectorBackend;
  /** The most confident face (score ≥ 0.5) in the video's current frame, in video pixels. */
  detect(video: HTMLVideoElement): Promise<FaceBox | null>;
  /** Frees the model's tensors; waits for a pass still running. */
  dispose(): Promise<void>;
}

/** The parts of Human's tfjs namespace used here (Human types it as any). */
interface Tfjs {
  getBackend(): string;
  engine(): { reset(): void };
  env(): { set(flag: string, value: boolean): void };
  setWasmPaths(prefix: string): void;
}

function config(base: string): Partial<Config> {
  const off = { enabled: false };
  return {
    modelBasePath: base,
    wasmPath: base,
    // Browsers' HTTP cache keeps the 0.6 MB model; no copy in the participant's IndexedDB.
    cacheModels: false,
    debug: false,
    warmup: 'none',
    // Every pass a real detection: Human would otherwise reuse boxes while frames look alike.
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        modelPath: FACE_DETECTOR_MODEL,
        rotation: false,
        maxDetected: 1,
        skipFrames: 0,
        skipTime: 0,
        minConfidence: FACE_GUIDE.minConfidence,
        return: false,
      },
      mesh: off,
      iris: off,
      emotion: off,
      description: off,
      antispoof: off,
      liveness: off,
      attention: off,
    },
    body: off,
    hand: off,
    object: off,
    gesture: off,
    segmentation: off,
  } as Partial<Config>;
}

/** Create and dispose one after another: two detectors racing over one tfjs engine break. */
let lifecycle: Promise<unknown> = Promise.resolve();
function serially<T>(step: () => Promise<T>): Promise<T> {
  const run = lifecycle.then(step, step);
  lifecycle = run.catch(() => undefined);
  return run;
}

/** The WebGL renderer's name (unmasked where the browser allows), or null without WebGL. */
function webglRenderer(): string | null {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

async function startBackend(human: Human, base: string): Promise<DetectorBackend> {
  const tf = human.tf as Tfjs;
  // Before any attempt: when one fails, tfjs may start the next-best backend on its own, and
  // WASM must then already look on our server. Threads need a cross-origin-isolated page,
  // which Parley is not; pinning that keeps tfjs from asking for the threaded binary.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  tf.setWasmPaths(base);
  const failures: string[] = [];
  for (const backend of backendOrder(webglRenderer())) {
    human.config.backend = backend;
    try {
      await human.init();
      if (tf.getBackend() === backend) return backend;
      failures.push(`${backend} unavailable`);
    } catch (e) {
      failures.push(`${backend}: ${errorMessage(e) || 'failed'}`);
    }
  }
  throw new Error(`No backend could start (${failures.join('; ')})`);
}

/**
 * Frees everything the detector holds: the model's tensors, what Human keeps outside its
 * models (constants, BlazeFace's anchors) and the backend itself, WASM memory included.
 */
function teardown(human: Human): void {
  for (const model of Object.values(human.models.models)) {
    try {
      model?.dispose();
    } catch {
      // A model that failed to load has no executor to dispose, and holds no tensors.
    }
  }
  human.models.reset();
  // Marks the page's Human state as fresh, so the next detector sets its backend up and loads
  // its model again instead of reusing what is disposed here.
  human.reset();
  (human.tf as Tfjs).engine().reset();
}

/**
 * Loads Human (its ~2 MB bundle is a separate chunk, fetched only here) with the BlazeFace
 * detector alone, on the first backend of backendOrder that starts. Model and WASM files come
 * from our own server under FACE_DETECTOR_PATH. A detector whose `signal` aborts while it
 * loads is torn down before the next one may start, and the promise rejects.
 */
export function createFaceDetector(signal?: AbortSignal): Promise<FaceDetector> {
  return serially(async () => {
    signal?.throwIfAborted();
    // Human keeps its models and tfjs one engine per page: two detectors would share, and one
    // disposing would break the other. A detector nobody disposed yet goes first.
    await current?.shutdown();
    const { Human } = await import('@vladmandic/human');
    // tfjs only loads models from absolute http(s) addresses.
    const base = new URL(FACE_DETECTOR_PATH, window.location.href).href;
    const human = new Human(config(base));
    try {
      const backend = await startBackend(human, base);
      await human.load();
      // Human logs a model that failed to load and carries on finding nothing: fail instead.
      const model = human.models.stats().modelStats.find((m) => m.name === 'blazeface');
      if (!model?.loaded) throw new Error(`Failed to fetch the face detection model from ${base}`);
      signal?.throwIfAborted();
      return wrap(human, backend);
    } catch (e) {
      teardown(human);
      throw e;
    }
  });
}

/** The page's detector that is not yet torn down; a new one replaces it (one tfjs engine). */
let current: { shutdown(): Promise<void> } | null = null;

function wrap(human: Human, backend: DetectorBackend): FaceDetector {
  let running: Promise<unknown> = Promise.resolve();
  let closed: Promise<void> | null = null;
  const self = {
    shutdown: () =>
      (closed ??= (async () => {
        await running;
        teardown(human);
        if (current === self) current = null;
      })()),
  };
  current = self;
  return {
    backend,
    async detect(video) {
      if (closed) return null;
      const pass = human.detect(video);
      running = pass.catch(() => undefined);
      const result = await pass;
      if (result.error) throw new Error(result.error);
      const best = result.face
        .filter((f) => f.score >= FACE_GUIDE.minConfidence)
        .sort((a, b) => b.score - a.score)[0];
      if (!best) return null;
      // boxRaw is a fraction of the frame Human read; scale it to the video's own pixels.
      const [x, y, w, h] = best.boxRaw;
      const { videoWidth: vw, videoHeight: vh } = video;
      return { x: x * vw, y: y * vh, width: w * vw, height: h * vh };
    },
    dispose: () => serially(self.shutdown),
  };
}
