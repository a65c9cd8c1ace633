// Links faces across frames into persons: a face joins the person whose last box it overlaps
// most, or, after a gap or a jump, the person whose face it resembles (embedding similarity).
import type { Box, RawFace } from './types.js';
import { SAME_PERSON_THRESHOLD } from './verify.js';

/** Overlap with the person's last box that alone is enough to continue the track. */
export const TRACK_MIN_IOU = 0.3;
/** Seconds a person may be unseen and still be continued by position. */
export const TRACK_MAX_GAP_SEC = 2;

export function iou(a: Box, b: Box): number {
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  const x2 = Math.min(a.x + a.width, b.x + b.width);
  const y2 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** A box in whole pixels. */
export const roundBox = (b: Box): Box => ({
  x: Math.round(b.x),
  y: Math.round(b.y),
  width: Math.round(b.width),
  height: Math.round(b.height),
});

interface Track {
  personId: string;
  lastBox: Box;
  lastT: number;
  /** Running sum of the person's embeddings, their appearance. */
  embeddingSum: number[];
  faces: number;
}

export type Similarity = (a: number[], b: number[]) => number;

export class FaceTracker {
  private readonly tracks: Track[] = [];

  constructor(private readonly similarity: Similarity) {}

  /** Person ids for this frame's faces, in the same order; new persons are created as needed. */
  assign(t: number, faces: RawFace[]): string[] {
    const candidates: { face: number; track: number; score: number }[] = [];
    faces.forEach((face, fi) => {
      this.tracks.forEach((track, ti) => {
        const overlap = t - track.lastT <= TRACK_MAX_GAP_SEC ? iou(face.box, track.lastBox) : 0;
        const sim =
          face.embedding.length && track.faces
            ? this.similarity(
                face.embedding,
                track.embeddingSum.map((v) => v / track.faces),
              )
            : 0;
        if (overlap >= TRACK_MIN_IOU || sim >= SAME_PERSON_THRESHOLD)
          candidates.push({ face: fi, track: ti, score: overlap + sim });
      });
    });
    // Greedy: best pairs first, each face and each person used once per frame.
    candidates.sort((a, b) => b.score - a.score);
    const ids = new Array<string | undefined>(faces.length);
    const usedTracks = new Set<number>();
    for (const c of candidates) {
      if (ids[c.face] || usedTracks.has(c.track)) continue;
      ids[c.face] = this.tracks[c.track]!.personId;
      usedTracks.add(c.track);
      this.update(this.tracks[c.track]!, t, faces[c.face]!);
    }
    return faces.map((face, fi) => {
      if (ids[fi]) return ids[fi];
      const track: Track = {
        personId: `person_${String(this.tracks.length + 1).padStart(2, '0')}`,
        lastBox: face.box,
        lastT: t,
        embeddingSum: face.embedding.map(() => 0),
        faces: 0,
      };
      this.update(track, t, face);
      this.tracks.push(track);
      return track.personId;
    });
  }

  private update(track: Track, t: number, face: RawFace): void {
    track.lastBox = face.box;
    track.lastT = t;
    if (face.embedding.length === 0) return;
    if (track.embeddingSum.length !== face.embedding.length) {
      track.embeddingSum = face.embedding.map(() => 0);
      track.faces = 0;
    }
    face.embedding.forEach((v, i) => (track.embeddingSum[i]! += v));
    track.faces++;
  }
}
