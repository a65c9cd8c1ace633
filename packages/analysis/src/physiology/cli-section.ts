/** The `physiology` section of `npm run analyze -- --skin-patch FILE`. */
import { MediaError } from '../decode.js';
import { analyzePhysiologyFile } from './file.js';
import type { PhysiologyResult } from './types.js';

/** What stands in for the speech results when the video has no sound track. */
export interface NoAudio {
  audio: 'none';
}

/**
 * Runs the speech analysis and the whole-frame physiology of `file` and joins them. A video
 * without sound (such as the rPPG skin patches) still gets its physiology, with
 * `audio: 'none'` in place of the speech results; every other error propagates.
 */
export async function withSkinPatchPhysiology<T extends object>(
  file: string,
  analyzeSpeech: () => Promise<T>,
): Promise<(T | NoAudio) & { physiology: PhysiologyResult }> {
  let speech: T | NoAudio;
  try {
    speech = await analyzeSpeech();
  } catch (e) {
    if (!(e instanceof MediaError && e.message.startsWith('no audio in'))) throw e;
    speech = { audio: 'none' };
  }
  return { ...speech, physiology: await analyzePhysiologyFile(file, { skinPatch: true }) };
}
