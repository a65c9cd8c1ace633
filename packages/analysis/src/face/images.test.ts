// Face detection, gender, age and emotion on the labelled photos in fixtures/faces. Each figure
// is printed and asserted not worse than what was measured when the test was written.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../test-fixtures.js';
import { faceBiasOn } from './bias-run.js';
import { formatBiasTable } from './bias.js';
import { detectFacesInImage } from './image.js';
import { ageBin } from './summary.js';
import { iou } from './track.js';
import type { Box } from './types.js';

const AGE_BINS = ['0-2', '3-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70+'];

// ~0.3 s of CPU a photo; the timeouts allow for a machine shared with other work (on 2 cores at a
// load of 20, faces/multi took over 120 s and fairface-more over 300 s).
describe('faces in still images', () => {
  it('finds the hand-drawn faces of faces/multi (IoU >= 0.5)', async () => {
    const xml = ['training.xml', 'testing.xml']
      .map((f) => readFileSync(fixture(`faces/multi/${f}`), 'utf8'))
      .join('');
    let truths = 0;
    let found = 0;
    let detections = 0;
    let matched = 0;
    for (const [, file, body] of xml.matchAll(/<image file='([^']+)'[^>]*>([\s\S]*?)<\/image>/g)) {
      const truth: Box[] = [
        ...body!.matchAll(/top='(\d+)' left='(\d+)' width='(\d+)' height='(\d+)'/g),
      ].map((m) => ({
        x: Number(m[2]),
        y: Number(m[1]),
        width: Number(m[3]),
        height: Number(m[4]),
      }));
      const { faces } = await detectFacesInImage(fixture(`faces/multi/${file}`));
      truths += truth.length;
      detections += faces.length;
      // One-to-one: each drawn face takes the best free detection.
      const free = new Set(faces.map((_, i) => i));
      for (const t of truth) {
        const best = [...free]
          .map((i) => ({ i, v: iou(faces[i]!.box, t) }))
          .sort((a, b) => b.v - a.v)[0];
        if (best && best.v >= 0.5) {
          free.delete(best.i);
          found++;
          matched++;
        }
      }
      for (const f of faces) {
        expect(f.confidence).toBeGreaterThanOrEqual(0.5);
        expect(f.box.width).toBeGreaterThan(0);
      }
    }
    const recall = found / truths;
    const precision = matched / detections;
    console.log(
      `faces/multi: ${truths} faces, ${detections} detections, recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}`,
    );
    expect(truths).toBe(43);
    expect(recall).toBeGreaterThanOrEqual(0.93);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  }, 600_000);

  it('tells gender and age group on faces/fairface', async () => {
    const labels = JSON.parse(readFileSync(fixture('faces/fairface/labels.json'), 'utf8')) as {
      filename: string;
      age: string;
      gender: 'Male' | 'Female';
    }[];
    let genderRight = 0;
    let binError = 0;
    let exactBin = 0;
    for (const l of labels) {
      const { faces } = await detectFacesInImage(fixture(`faces/fairface/${l.filename}`));
      expect(faces.length, l.filename).toBeGreaterThanOrEqual(1);
      const face = faces[0]!;
      if (face.genderConfidence !== null) expect(face.genderConfidence).toBeLessThanOrEqual(1);
      if (face.gender === l.gender.toLowerCase()) genderRight++;
      const diff = Math.abs(AGE_BINS.indexOf(ageBin(face.age ?? 0)) - AGE_BINS.indexOf(l.age));
      binError += diff;
      if (diff === 0) exactBin++;
    }
    const accuracy = genderRight / labels.length;
    const meanBinError = binError / labels.length;
    console.log(
      `faces/fairface: ${labels.length} photos, gender accuracy ${accuracy.toFixed(3)}, age bin exact ${(exactBin / labels.length).toFixed(3)}, mean age-bin error ${meanBinError.toFixed(2)} bins`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(GENDER_ACCURACY);
    expect(meanBinError).toBeLessThanOrEqual(AGE_BIN_ERROR);
  }, 600_000);

  it('finds the face, gender and age on every 4th photo of faces/fairface-more', async () => {
    // 30 of the 120 photos (16 women, 14 men, ages 0-2 to 50-59): a stride over the labels, not
    // a pick. The full pass with its floors is bench/face-bias.bench.mjs. Thirty photos cannot
    // hold the full set's rates to two decimals, so each rate must be consistent with the full
    // set's measured figure: the upper end of its 95 % Wilson interval at or above it. Gender
    // right on 20 of 30 (0.67, interval up to 0.81 against 0.82) fails; both genders are held
    // to the same figure, so a model that fails one group fails the test.
    const { table } = await faceBiasOn(fixture('faces/fairface-more'), { every: 4 });
    console.log(`faces/fairface-more, every 4th photo:\n${formatBiasTable(table)}`);
    const all = table.overall;
    expect(all.photos).toBe(30);
    const genders = table.rows.filter((r) => r.by === 'gender');
    expect(genders.map((r) => [r.group, r.photos])).toEqual([
      ['female', 16],
      ['male', 14],
    ]);
    expect(all.detected.high).toBeGreaterThanOrEqual(MORE_DETECTED);
    expect(all.gender.high).toBeGreaterThanOrEqual(MORE_GENDER);
    expect(all.ageWithinOne.high).toBeGreaterThanOrEqual(MORE_AGE_WITHIN_ONE);
    for (const r of genders) expect(r.gender.high, r.group).toBeGreaterThanOrEqual(MORE_GENDER);
  }, 600_000);

  it('reads a smiling face as happy, and a neutral face not as happy', async () => {
    // From faces/expressions/labels.csv: a broad smile and a frontal neutral face, both clean.
    // The model reads both labelled neutral faces as sad or angry (0.45-0.52), with neutral
    // second: the reason the API and UI label emotions 'low reliability'. Asserting 'neutral'
    // would assert better than measured.
    const smiling = await detectFacesInImage(fixture('faces/expressions/Naomi_Watts_0003.jpg'));
    const neutral = await detectFacesInImage(
      fixture('faces/expressions/Michael_Sullivan_0001.jpg'),
    );
    console.log('smiling', smiling.faces[0]?.emotions, 'neutral', neutral.faces[0]?.emotions);
    expect(smiling.faces[0]?.emotion).toBe('happy');
    expect(smiling.faces[0]!.emotions.happy).toBeGreaterThan(0.9);
    expect(neutral.faces[0]?.emotion).not.toBe('happy');
    expect(neutral.faces[0]!.emotions.happy).toBeLessThan(0.1);
  }, 300_000);

  it('reads expressions on faces/expressions (noisy student labels)', async () => {
    // The labels' names for Human's emotions; contempt has no counterpart, so it never agrees.
    const toHuman: Record<string, string> = {
      anger: 'angry',
      disgust: 'disgust',
      fear: 'fear',
      happiness: 'happy',
      neutral: 'neutral',
      sadness: 'sad',
      surprise: 'surprise',
      contempt: '-',
    };
    const rows = readFileSync(fixture('faces/expressions/labels.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    let agree = 0;
    let detected = 0;
    for (const row of rows) {
      const [file, label] = row.trim().split(',') as [string, string];
      const { faces } = await detectFacesInImage(fixture(`faces/expressions/${file}`));
      if (faces.length === 0) continue; // counts as disagreement
      detected++;
      const sum = Object.values(faces[0]!.emotions).reduce((s, v) => s + v, 0);
      expect(sum).toBeGreaterThan(0.9);
      if (faces[0]!.emotion === toHuman[label]) agree++;
    }
    console.log(
      `faces/expressions: ${rows.length} photos, ${detected} with a face, emotion agreement ${(agree / rows.length).toFixed(3)}`,
    );
    expect(detected).toBeGreaterThanOrEqual(EXPRESSION_FACES);
    expect(agree / rows.length).toBeGreaterThanOrEqual(EMOTION_AGREEMENT);
  }, 600_000);
});

// Measured when the test was written: recall 0.930 and precision 1.000 on faces/multi;
// expressions 6 of 16 agree (0.375), 15 of 16 with a face (a 68x96 thumbnail is too small; the
// second pass inside a border now finds it: 16 of 16). Age and gender from face-api's
// AgeGenderNet (age-gender.ts): faces/fairface gender 15 of 18 (0.833), age bin exact 0.611 and
// mean error 0.39 bins (Human's faceres gave 0.778, 0.222 and 1.72).
const GENDER_ACCURACY = 0.83;
// fairface-more (all 120 photos, bench/face-bias.bench.mjs): a face on 117 (0.975; detector candidates at 0.3 verified by the
// mesh at 0.5, then a second pass inside borders; the 3 missed are profiles or the back of a
// head), gender right on 0.821 of those (women 0.786, men 0.852; faceres gave 0.701), age within
// one bin 0.932 (faceres 0.701).
const MORE_DETECTED = 0.97;
const MORE_GENDER = 0.82;
const MORE_AGE_WITHIN_ONE = 0.93;
const AGE_BIN_ERROR = 0.4;
const EMOTION_AGREEMENT = 0.37;
const EXPRESSION_FACES = 15;
