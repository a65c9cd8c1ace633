import { describe, expect, it } from 'vitest';
import { decodeAll } from '../decode.js';
import { blockFeatures, type BlockStats } from '../diarize/features.js';
import { fixture } from '../test-fixtures.js';
import {
  VOICE_MATCH_THRESHOLD,
  compareVoice,
  isVoiceTemplate,
  voiceTemplate,
} from './voiceprint.js';

const blocksOf = async (file: string): Promise<BlockStats[]> =>
  blockFeatures(await decodeAll(fixture(file)));
const WHOLE = [{ start: 0, end: 3600 }];

describe('voice template (weak signal)', () => {
  it('scores jfk’s second half as his voice and every FLEURS reader as another', async () => {
    const jfk = await blocksOf('speech/jfk.wav');
    const template = voiceTemplate(jfk, [{ start: 0, end: 5.5 }]);
    expect(template).not.toBeNull();
    // A template survives storage as JSON.
    const stored: unknown = JSON.parse(JSON.stringify(template));
    expect(isVoiceTemplate(stored)).toBe(true);
    if (!isVoiceTemplate(stored)) return;

    const same = compareVoice(stored, jfk, [{ start: 5.5, end: 11 }]);
    expect(same?.likelySame).toBe(true);
    expect(same!.llr).toBeGreaterThanOrEqual(VOICE_MATCH_THRESHOLD);

    for (const i of [0, 1, 2, 3, 4]) {
      const other = await blocksOf(`speech/fleurs-en-00${i}.ogg`);
      const result = compareVoice(stored, other, WHOLE);
      expect(result, `fleurs-en-00${i}`).not.toBeNull();
      expect(result!.likelySame, `fleurs-en-00${i}: llr ${result!.llr}`).toBe(false);
    }
  }, 60_000);

  it('matches the talking-face video’s speaker to its own registration and not jfk', async () => {
    const face = await blocksOf('video/talking-face.mp4');
    const template = voiceTemplate(face, [{ start: 0, end: 12 }])!;
    expect(compareVoice(template, face, [{ start: 12, end: 34 }])?.likelySame).toBe(true);
    const jfk = await blocksOf('speech/jfk.wav');
    expect(compareVoice(template, jfk, WHOLE)?.likelySame).toBe(false);
  }, 60_000);

  it('gives no template or comparison for too little sound', async () => {
    const jfk = await blocksOf('speech/jfk.wav');
    expect(voiceTemplate(jfk, [{ start: 0, end: 1 }])).toBeNull();
    const template = voiceTemplate(jfk)!;
    expect(compareVoice(template, jfk, [{ start: 2, end: 3 }])).toBeNull();
    expect(isVoiceTemplate({ version: 1, sum: [1], outer: [], n: 3 })).toBe(false);
  }, 60_000);
});
