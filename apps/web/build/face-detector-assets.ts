import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { FACE_DETECTOR_PATH } from '../src/features/biometrics/face-detector-assets.ts';

/**
 * The face detector's files, copied out of node_modules so the camera step never reaches a
 * CDN: Human's BlazeFace model (and nothing else of its 28 MB of models) and the tfjs WASM
 * runtime, plain and SIMD. The threaded WASM build is left out on purpose: it needs
 * SharedArrayBuffer, which browsers only grant to cross-origin-isolated pages, and Parley
 * sends no COOP/COEP headers (the detector also pins single-threaded WASM).
 */
const FILES: Record<string, { pkg: string; file: string }> = {
  'blazeface.json': { pkg: '@vladmandic/human', file: 'models/blazeface.json' },
  'blazeface.bin': { pkg: '@vladmandic/human', file: 'models/blazeface.bin' },
  'tfjs-backend-wasm.wasm': {
    pkg: '@tensorflow/tfjs-backend-wasm',
    file: 'dist/tfjs-backend-wasm.wasm',
  },
  'tfjs-backend-wasm-simd.wasm': {
    pkg: '@tensorflow/tfjs-backend-wasm',
    file: 'dist/tfjs-backend-wasm-simd.wasm',
  },
};

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  // WebAssembly.instantiateStreaming refuses any other type.
  '.wasm': 'application/wasm',
};

/** A package's folder, found the way Node looks (packages' export maps hide package.json). */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`face detector: ${name} is not installed`);
  }
}

const source = (root: string, name: string): string => {
  const entry = FILES[name];
  if (!entry) throw new Error(`face detector: unknown asset ${name}`);
  return path.join(packageDir(entry.pkg, root), entry.file);
};

/**
 * The WASM binaries must come from the same tfjs release that human.esm.js bundles, or the
 * backend fails at run time with mismatched kernels; a build with two releases stops here.
 */
async function checkVersions(root: string): Promise<void> {
  const human = packageDir('@vladmandic/human', root);
  const bundled = (await import(pathToFileURL(path.join(human, 'dist/tfjs.version.js')).href)) as {
    version: Record<string, string>;
  };
  const wanted = bundled.version['tfjs-backend-wasm'];
  const wasm = JSON.parse(
    readFileSync(
      path.join(packageDir('@tensorflow/tfjs-backend-wasm', root), 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  if (wanted !== wasm.version)
    throw new Error(
      `face detector: human.esm.js bundles tfjs ${wanted} but @tensorflow/tfjs-backend-wasm is ${wasm.version}; install @tensorflow/tfjs-backend-wasm@${wanted}`,
    );
}

/** Emits the files under dist/face-detector/ and serves them at the same path in dev. */
export function faceDetectorAssets(): Plugin {
  let root = process.cwd();
  return {
    name: 'parley-face-detector-assets',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      await checkVersions(root);
    },
    generateBundle() {
      for (const name of Object.keys(FILES))
        this.emitFile({
          type: 'asset',
          fileName: `${FACE_DETECTOR_PATH.slice(1)}${name}`,
          source: readFileSync(source(root, name)),
        });
    },
    configureServer(server) {
      server.middlewares.use(FACE_DETECTOR_PATH, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.slice(1) ?? '';
        if (!(name in FILES)) return next();
        res.setHeader('Content-Type', TYPES[path.extname(name)] ?? 'application/octet-stream');
        res.end(readFileSync(source(root, name)));
      });
    },
  };
}
