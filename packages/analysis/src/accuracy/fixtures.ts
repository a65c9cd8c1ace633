// The repository's fixtures/ folder and the data sets the accuracy run reads from it. Sources
// and licences repeat fixtures/README.md, so the published figures say what they rest on.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dataset } from './types.js';

/** Absolute path of a file under fixtures/ (the same from src/ and dist/). */
export const fixturePath = (rel: string): string =>
  fileURLToPath(new URL(`../../../../fixtures/${rel}`, import.meta.url));

export const readFixture = (rel: string): string => readFileSync(fixturePath(rel), 'utf8');

export interface RttmTurn {
  speaker: string;
  start: number;
  end: number;
}

/** Speaker turns of an RTTM file. */
export function readRttm(rel: string): RttmTurn[] {
  return readFixture(rel)
    .split('\n')
    .filter((l) => l.startsWith('SPEAKER'))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      const start = Number(f[3]);
      return { start, end: start + Number(f[4]), speaker: f[7] ?? '' };
    });
}

/** Rows of a small CSV without quoted fields, keyed by the header. */
export function readCsv(rel: string): Record<string, string>[] {
  const [head, ...lines] = readFixture(rel).trim().split('\n');
  const names = head!.trim().split(',');
  return lines.map((line) => {
    const cells = line.trim().split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

type Source = Omit<Dataset, 'items'>;

export const SOURCES = {
  jfk: {
    name: 'JFK inaugural address excerpt',
    itemUnit: 'clip',
    path: 'fixtures/speech/jfk.wav',
    source: 'ggml-org/whisper.cpp samples/jfk.wav @233fe1f',
    licence: 'US public domain recording; repo MIT',
  },
  fleurs: {
    name: 'FLEURS English test split (read speech, 5 speakers)',
    itemUnit: 'clips',
    path: 'fixtures/speech/fleurs-en-00{0..4}.ogg',
    source: 'Google FLEURS via sebastian-software/cuttledoc @e0c5878',
    licence: 'CC BY 4.0',
  },
  pyannoteSample: {
    name: 'pyannote sample (2 speakers, one overlap)',
    itemUnit: 'recording',
    path: 'fixtures/diarization/two-speakers.wav',
    source: 'pyannote/pyannote-audio sample @b749285',
    licence: 'MIT (CNRS)',
  },
  ami: {
    name: 'AMI meeting corpus excerpts (30 s, 1–4 speakers, overlaps)',
    itemUnit: 'excerpts',
    path: 'fixtures/diarization/ami/',
    source: 'AMI corpus via pyannote/pyannote-audio tests/data @b749285',
    licence: 'CC BY 4.0',
  },
  rppgSet: {
    name: 'bias-eval-rppg skin patches (India, Sierra Leone; contact-sensor reference)',
    itemUnit: 'skin patches',
    path: 'fixtures/rppg-set/, fixtures/rppg/',
    source: 'ananyananda-dasari/bias-eval-rppg @82f6d80',
    licence: 'MIT; participants consented to sharing',
  },
  multi: {
    name: 'dlib example photos with hand-drawn face boxes (PASCAL VOC)',
    itemUnit: 'faces',
    path: 'fixtures/faces/multi/',
    source: 'davisking/dlib examples/faces @3d40bf5',
    licence: 'Boost 1.0; photos Flickr',
  },
  fairface: {
    name: 'FairFace photos (tight 224x224 crops, labeled gender and age bin)',
    itemUnit: 'photos',
    path: 'fixtures/faces/fairface-more/',
    source: 'FairFace via thlaiquid-ai/demographic-test-images @3225e93',
    licence: 'CC BY 4.0',
  },
  expressions: {
    name: 'facial_expressions photos (student labels, noisy)',
    itemUnit: 'photos',
    path: 'fixtures/faces/expressions/',
    source: 'muxspace/facial_expressions @5fb9c13 (photos mostly LFW)',
    licence: 'repo Apache-2.0; test use only',
  },
} satisfies Record<string, Source>;

export const dataset = (source: Source, items: number): Dataset => ({ ...source, items });
