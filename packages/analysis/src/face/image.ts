// Faces of a still image: box, age, gender, emotion and the embedding for verification.
import { MediaError } from '../decode.js';
import { probeVideoInfo, readImage } from './frames.js';
import { detectRaw } from './human.js';
import { dominantEmotion, emotionScores, type Emotion, type EmotionScores } from './summary.js';
import { roundBox } from './track.js';
import type { Box } from './types.js';

export interface ImageFace {
  box: Box;
  age: number | null;
  gender: 'male' | 'female' | null;
  genderConfidence: number | null;
  emotion: Emotion;
  emotions: EmotionScores;
  confidence: number;
  embedding: number[];
}

/** Faces of a still image, largest first; boxes in the image's own pixels. */
export async function detectFacesInImage(
  file: string,
): Promise<{ width: number; height: number; faces: ImageFace[] }> {
  const info = await probeVideoInfo(file);
  if (!info) throw new MediaError(`no image in ${file}`);
  const image = await readImage(file);
  const raw = await detectRaw(image.rgb, image.width, image.height);
  // Large images are scaled down for the detector; answer in the image's own pixels.
  const k = info.width / image.width;
  const scaled = (b: Box): Box =>
    roundBox({ x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k });
  const faces = raw
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)
    .map((r) => {
      const emotions = emotionScores(r.emotions);
      return {
        box: scaled(r.box),
        age: r.age === undefined ? null : Math.round(r.age * 10) / 10,
        gender: r.gender ?? null,
        genderConfidence: r.genderScore ?? null,
        emotion: dominantEmotion(emotions),
        emotions,
        confidence: Math.round(r.score * 1000) / 1000,
        embedding: r.embedding,
      };
    });
  return { width: info.width, height: info.height, faces };
}
