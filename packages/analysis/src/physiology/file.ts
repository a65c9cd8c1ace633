/** Physiology of a video file. */
import type { PhysiologyOptions } from './estimate.js';
import { estimatePhysiology } from './estimate.js';
import { skinPatchTrace, type SkinPatchOptions } from './trace.js';
import type { PhysiologyResult } from './types.js';

export interface PhysiologyFileOptions extends PhysiologyOptions, SkinPatchOptions {
  /**
   * The whole frame is skin (a patch recording without a face). Required for now: faces are
   * found by the face module, whose per-person traces go to `estimatePhysiology` directly.
   */
  skinPatch: true;
}

export async function analyzePhysiologyFile(
  file: string,
  opts: PhysiologyFileOptions,
): Promise<PhysiologyResult> {
  const trace = await skinPatchTrace(file, { fps: opts.fps, maxWidth: opts.maxWidth });
  return estimatePhysiology(trace, { method: opts.method });
}
