// Faces in still photos: detection against hand-drawn boxes, the share of single-face photos
// where a face is found, gender and age bin against human labels, and the bias table (each
// figure by gender and by age bin, with counts and 95 % intervals).
import {
  AGE_BINS,
  biasTable as faceBiasTable,
  type DemographicOutcome,
  type Proportion,
} from '../face/bias.js';
import { detectFacesInImage } from '../face/image.js';
import { ageBin } from '../face/summary.js';
import { iou } from '../face/track.js';
import type { Box } from '../face/types.js';
import { dataset, readFixture, fixturePath, SOURCES } from './fixtures.js';
import { shareMetric } from './stats.js';
import type { BiasRow, Dataset, SignalAccuracy } from './types.js';

/** A detection matches a drawn face when the boxes overlap this much (PASCAL VOC's rule). */
const MATCH_IOU = 0.5;

export interface MultiRow {
  photo: string;
  faces: number;
  found: number;
  detections: number;
}

export interface LabelledFaceRow {
  photo: string;
  gender: 'Female' | 'Male';
  ageBin: string;
  detected: boolean;
  predictedGender: 'female' | 'male' | null;
  predictedAgeBin: string | null;
}

/** faces/multi: each drawn face takes the best free detection (one-to-one). */
export async function measureMultiFaces(progress: (line: string) => void): Promise<MultiRow[]> {
  const xml = ['training.xml', 'testing.xml'].map((f) => readFixture(`faces/multi/${f}`)).join('');
  const rows: MultiRow[] = [];
  for (const [, photo, body] of xml.matchAll(/<image file='([^']+)'[^>]*>([\s\S]*?)<\/image>/g)) {
    const truth: Box[] = [
      ...body!.matchAll(/top='(\d+)' left='(\d+)' width='(\d+)' height='(\d+)'/g),
    ].map((m) => ({ x: +m[2]!, y: +m[1]!, width: +m[3]!, height: +m[4]! }));
    const { faces } = await detectFacesInImage(fixturePath(`faces/multi/${photo}`));
    const free = new Set(faces.map((_, i) => i));
    let found = 0;
    for (const t of truth) {
      const best = [...free]
        .map((i) => ({ i, v: iou(faces[i]!.box, t) }))
        .sort((a, b) => b.v - a.v)[0];
      if (best && best.v >= MATCH_IOU) {
        free.delete(best.i);
        found++;
      }
    }
    rows.push({ photo: photo!, faces: truth.length, found, detections: faces.length });
    progress(`faces/multi/${photo}: ${found} of ${truth.length} faces, ${faces.length} detections`);
  }
  return rows;
}

export async function measureLabelledFaces(
  progress: (line: string) => void,
): Promise<LabelledFaceRow[]> {
  const labels = JSON.parse(readFixture('faces/fairface-more/labels.json')) as {
    filename: string;
    age: string;
    gender: 'Female' | 'Male';
  }[];
  const rows: LabelledFaceRow[] = [];
  for (const [i, l] of labels.entries()) {
    const face = (await detectFacesInImage(fixturePath(`faces/fairface-more/${l.filename}`)))
      .faces[0];
    rows.push({
      photo: l.filename,
      gender: l.gender,
      ageBin: l.age,
      detected: face !== undefined,
      predictedGender: face?.gender ?? null,
      predictedAgeBin: face?.age == null ? null : ageBin(face.age),
    });
    if ((i + 1) % 20 === 0 || i + 1 === labels.length)
      progress(`faces/fairface-more: ${i + 1} of ${labels.length} photos`);
  }
  return rows;
}

const genderRight = (r: LabelledFaceRow) => r.predictedGender === r.gender.toLowerCase();
const binSteps = (r: LabelledFaceRow) =>
  r.predictedAgeBin === null
    ? Infinity
    : Math.abs(AGE_BINS.indexOf(r.predictedAgeBin) - AGE_BINS.indexOf(r.ageBin));

/**
 * Accuracy by gender and by age bin, computed by face/bias.ts (the benchmark's table), with
 * each proportion as a published metric.
 */
export function biasTable(rows: readonly LabelledFaceRow[]): BiasRow[] {
  const outcomes: DemographicOutcome[] = rows.map((r) => ({
    truth: { gender: r.gender === 'Male' ? 'male' : 'female', ageBin: r.ageBin },
    predicted: r.detected ? { gender: r.predictedGender, ageBin: r.predictedAgeBin ?? '' } : null,
  }));
  const metric = (key: string, name: string, p: Proportion) => shareMetric(key, name, p.hits, p.n);
  return faceBiasTable(outcomes).rows.map((r) => ({
    dimension: r.by,
    group: r.by === 'gender' ? (r.group === 'male' ? 'Male' : 'Female') : r.group,
    photos: r.photos,
    detected: metric('detected', 'Face found', r.detected),
    gender: metric('gender', 'Gender right', r.gender),
    ageWithinOneBin: metric('age-within-one', 'Age within one bin', r.ageWithinOne),
  }));
}

export const fairfaceDataset = (rows: readonly LabelledFaceRow[]): Dataset =>
  dataset(SOURCES.fairface, rows.length);

export function faceDetectionSignal(
  multi: readonly MultiRow[],
  labelled: readonly LabelledFaceRow[],
): SignalAccuracy {
  const faces = multi.reduce((s, r) => s + r.faces, 0);
  const found = multi.reduce((s, r) => s + r.found, 0);
  const detections = multi.reduce((s, r) => s + r.detections, 0);
  return {
    key: 'face-detection',
    name: 'Face detection',
    estimate: false,
    method: 'Faces are found in each frame and followed through the video as one person each.',
    metrics: [
      shareMetric(
        'face-recall',
        'Faces found (recall)',
        found,
        faces,
        `hand-drawn faces matched by a detection (IoU ≥ ${MATCH_IOU}), ${multi.length} group photos`,
      ),
      shareMetric('face-precision', 'Detections that are faces (precision)', found, detections),
      shareMetric(
        'face-found-portraits',
        'Portraits where the face is found',
        labelled.filter((r) => r.detected).length,
        labelled.length,
        'tight 224x224 crops',
      ),
    ],
    data: [dataset(SOURCES.multi, faces), fairfaceDataset(labelled)],
    breakdown: [],
    notes: [],
  };
}

export function genderSignal(labelled: readonly LabelledFaceRow[]): SignalAccuracy {
  const found = labelled.filter((r) => r.detected);
  return {
    key: 'gender',
    name: 'Gender',
    estimate: true,
    method:
      'Apparent gender as a face model sees it, male or female; it says nothing about how a ' +
      'person identifies.',
    metrics: [
      shareMetric(
        'gender-accuracy',
        'Gender right',
        found.filter(genderRight).length,
        found.length,
        'of the photos where a face is found',
      ),
    ],
    data: [fairfaceDataset(labelled)],
    breakdown: [],
    notes: ['By gender and age group in the bias table below.'],
  };
}

export function ageSignal(labelled: readonly LabelledFaceRow[]): SignalAccuracy {
  const found = labelled.filter((r) => r.detected);
  return {
    key: 'age',
    name: 'Age',
    estimate: true,
    method: 'Apparent age from the face, shown as an age group.',
    metrics: [
      shareMetric(
        'age-exact',
        'Age group right',
        found.filter((r) => binSteps(r) === 0).length,
        found.length,
        `of the photos where a face is found; groups ${AGE_BINS.join(', ')}`,
      ),
      shareMetric(
        'age-within-one',
        'Age group within one group',
        found.filter((r) => binSteps(r) <= 1).length,
        found.length,
        'of the photos where a face is found',
      ),
    ],
    data: [fairfaceDataset(labelled)],
    breakdown: [],
    notes: ['The labels are what annotators judged from the photo, not the true age.'],
  };
}
