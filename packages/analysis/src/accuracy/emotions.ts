// Emotions: agreement of the face's dominant emotion with human labels on expression photos.
import { detectFacesInImage } from '../face/image.js';
import { dataset, fixturePath, readCsv, SOURCES } from './fixtures.js';
import { shareMetric } from './stats.js';
import type { SignalAccuracy } from './types.js';

/** The labels' names for the model's emotions; contempt has none, so it never agrees. */
const LABEL_TO_EMOTION: Record<string, string | null> = {
  anger: 'angry',
  disgust: 'disgust',
  fear: 'fear',
  happiness: 'happy',
  neutral: 'neutral',
  sadness: 'sad',
  surprise: 'surprise',
  contempt: null,
};

export interface EmotionRow {
  photo: string;
  label: string;
  /** null when no face was found (counts as disagreement). */
  predicted: string | null;
}

export async function measureEmotions(progress: (line: string) => void): Promise<EmotionRow[]> {
  const rows: EmotionRow[] = [];
  for (const { image, emotion } of readCsv('faces/expressions/labels.csv')) {
    const face = (await detectFacesInImage(fixturePath(`faces/expressions/${image}`))).faces[0];
    rows.push({ photo: image!, label: emotion!, predicted: face?.emotion ?? null });
  }
  progress(`faces/expressions: ${rows.length} photos`);
  return rows;
}

const agrees = (r: EmotionRow) => r.predicted !== null && r.predicted === LABEL_TO_EMOTION[r.label];

export function emotionsSignal(rows: readonly EmotionRow[]): SignalAccuracy {
  const labels = [...new Set(rows.map((r) => r.label))].sort();
  return {
    key: 'emotions',
    name: 'Emotions',
    estimate: true,
    method:
      'The dominant facial expression per moment (angry, disgust, fear, happy, sad, surprise, ' +
      'neutral); an expression is not a feeling.',
    metrics: [
      shareMetric(
        'emotion-agreement',
        'Agreement with human labels',
        rows.filter(agrees).length,
        rows.length,
        'dominant emotion equals the label; no face found counts as disagreement',
      ),
      shareMetric(
        'emotion-face-found',
        'Photos where a face is found',
        rows.filter((r) => r.predicted !== null).length,
        rows.length,
      ),
    ],
    data: [dataset(SOURCES.expressions, rows.length)],
    breakdown: [
      {
        title: 'Per label',
        columns: [
          { key: 'photos', name: 'Photos', unit: 'count' },
          { key: 'agree', name: 'Agree', unit: 'count' },
        ],
        rows: labels.map((label) => {
          const of = rows.filter((r) => r.label === label);
          return { label, cells: [of.length, of.filter(agrees).length] };
        }),
      },
    ],
    notes: [
      'The labels are students’ judgements of posed and press photos, themselves noisy; ' +
        'the EU AI Act bans emotion recognition in workplaces and education (art. 5(1)(f)).',
    ],
  };
}
