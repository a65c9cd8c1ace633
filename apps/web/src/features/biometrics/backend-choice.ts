/** The tfjs backends the face detector may run on. */
export type DetectorBackend = 'webgl' | 'wasm' | 'cpu';

/**
 * WebGL drawn by the CPU: Chromium's SwiftShader (what headless Chromium and Chrome without a
 * usable GPU give), Mesa's llvmpipe/softpipe, Windows' Basic Render Driver.
 */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE_GL.test(renderer);
}

/**
 * The order to try backends in, given the WebGL renderer's name (null without WebGL).
 * Measured in headless Chromium on the BlazeFace model, one 640x480 frame: WASM with SIMD
 * about 40 ms, WebGL on SwiftShader about 2 s, the CPU backend about 1.3 s. So WebGL goes
 * first only when a GPU draws it; otherwise WASM, and the CPU backend is the last resort.
 */
export function backendOrder(renderer: string | null): DetectorBackend[] {
  if (renderer && !isSoftwareRenderer(renderer)) return ['webgl', 'wasm', 'cpu'];
  return ['wasm', 'cpu'];
}
