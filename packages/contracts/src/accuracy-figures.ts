// Written by `npm run accuracy -- --write` (packages/analysis/src/accuracy/run.ts); do not
// edit by hand: re-run it after every change to the analysis and paste the README figures.
import type { AccuracyReport } from './accuracy.js';

export const ACCURACY_REPORT: AccuracyReport = {
  measuredAt: '2026-11-26T21:15:24.886Z',
  command: 'npm run accuracy',
  signals: [
    {
      key: 'speech-to-text',
      name: 'Speech-to-text',
      estimate: false,
      method:
        'Each engine transcribes the clip through the same speech step as an uploaded meeting; the word error rate counts substituted, missing and extra words against an exact reference.',
      metrics: [
        {
          key: 'wer-pocketsphinx',
          name: 'Word error rate, pocketsphinx',
          value: 0.624,
          unit: 'share',
          better: 'lower',
          count: null,
          interval: null,
          detail:
            'cmusphinx-en-us (Debian pocketsphinx-en-us); errors over 125 reference words of 6 clips',
        },
      ],
      data: [
        {
          name: 'JFK inaugural address excerpt',
          itemUnit: 'clip',
          path: 'fixtures/speech/jfk.wav',
          source: 'ggml-org/whisper.cpp samples/jfk.wav @233fe1f',
          licence: 'US public domain recording; repo MIT',
          items: 1,
        },
        {
          name: 'FLEURS English test split (read speech, 5 speakers)',
          itemUnit: 'clips',
          path: 'fixtures/speech/fleurs-en-00{0..4}.ogg',
          source: 'Google FLEURS via sebastian-software/cuttledoc @e0c5878',
          licence: 'CC BY 4.0',
          items: 5,
        },
      ],
      breakdown: [
        {
          title: 'Word error rate per clip',
          columns: [
            {
              key: 'words',
              name: 'Reference words',
              unit: 'count',
            },
            {
              key: 'pocketsphinx:cmusphinx-en-us (Debian pocketsphinx-en-us)',
              name: 'pocketsphinx',
              unit: 'share',
            },
          ],
          rows: [
            {
              label: 'jfk.wav',
              cells: [22, 0.545],
            },
            {
              label: 'fleurs-en-000.ogg',
              cells: [19, 0.526],
            },
            {
              label: 'fleurs-en-001.ogg',
              cells: [21, 0.667],
            },
            {
              label: 'fleurs-en-002.ogg',
              cells: [33, 0.636],
            },
            {
              label: 'fleurs-en-003.ogg',
              cells: [15, 0.667],
            },
            {
              label: 'fleurs-en-004.ogg',
              cells: [15, 0.733],
            },
          ],
        },
      ],
      notes: [
        'Read speech recorded close to the microphone; meetings with distant microphones, overlapping talk and accents read worse.',
        'whisper: no real model in ./data/models (`npm run models -- pull NAME` downloads one), not measured',
      ],
    },
    {
      key: 'speakers',
      name: 'Speakers (who spoke when)',
      estimate: false,
      method:
        'Speech is cut into turns and each turn given to a speaker; the diarization error rate is the share of speech time missed, falsely detected or given to the wrong person.',
      metrics: [
        {
          key: 'der',
          name: 'Diarization error rate',
          value: 0.494,
          unit: 'share',
          better: 'lower',
          count: null,
          interval: null,
          detail: 'mean over 9 recordings',
        },
        {
          key: 'der-collar',
          name: 'Diarization error rate, 0.25 s collar',
          value: 0.428,
          unit: 'share',
          better: 'lower',
          count: null,
          interval: null,
          detail: 'mean over 9 recordings; 0.25 s around each reference boundary not scored (NIST)',
        },
        {
          key: 'speaker-count',
          name: 'Speaker count right',
          value: 0.222,
          unit: 'share',
          better: 'higher',
          count: {
            k: 2,
            n: 9,
          },
          interval: {
            low: 0.063,
            high: 0.547,
          },
          detail: 'count not given',
        },
        {
          key: 'der-count-given',
          name: 'Diarization error rate, count given',
          value: 0.494,
          unit: 'share',
          better: 'lower',
          count: null,
          interval: null,
          detail: 'mean over 9 recordings; number of speakers known from the participants',
        },
      ],
      data: [
        {
          name: 'AMI meeting corpus excerpts (30 s, 1–4 speakers, overlaps)',
          itemUnit: 'excerpts',
          path: 'fixtures/diarization/ami/',
          source: 'AMI corpus via pyannote/pyannote-audio tests/data @b749285',
          licence: 'CC BY 4.0',
          items: 8,
        },
        {
          name: 'pyannote sample (2 speakers, one overlap)',
          itemUnit: 'recording',
          path: 'fixtures/diarization/two-speakers.wav',
          source: 'pyannote/pyannote-audio sample @b749285',
          licence: 'MIT (CNRS)',
          items: 1,
        },
      ],
      breakdown: [
        {
          title: 'Per recording',
          columns: [
            {
              key: 'speakers',
              name: 'Speakers',
              unit: 'count',
            },
            {
              key: 'found',
              name: 'Found',
              unit: 'count',
            },
            {
              key: 'der',
              name: 'DER',
              unit: 'share',
            },
            {
              key: 'der-collar',
              name: 'DER (collar)',
              unit: 'share',
            },
            {
              key: 'der-count-given',
              name: 'DER (count given)',
              unit: 'share',
            },
          ],
          rows: [
            {
              label: 'two-speakers',
              cells: [2, 2, 0.348, 0.233, 0.348],
            },
            {
              label: 'ami/dev00',
              cells: [2, 1, 0.396, 0.346, 0.396],
            },
            {
              label: 'ami/dev01',
              cells: [2, 1, 0.448, 0.337, 0.448],
            },
            {
              label: 'ami/trn01',
              cells: [4, 1, 0.783, 0.745, 0.783],
            },
            {
              label: 'ami/trn03',
              cells: [2, 2, 0.408, 0.396, 0.408],
            },
            {
              label: 'ami/trn05',
              cells: [4, 2, 0.325, 0.238, 0.325],
            },
            {
              label: 'ami/trn07',
              cells: [4, 2, 0.736, 0.702, 0.736],
            },
            {
              label: 'ami/trn08',
              cells: [4, 2, 0.659, 0.55, 0.659],
            },
            {
              label: 'ami/trn09',
              cells: [3, 2, 0.343, 0.304, 0.343],
            },
          ],
        },
      ],
      notes: ['Overlapping speech is scored for every speaker who talks, as in NIST md-eval.'],
    },
    {
      key: 'face-detection',
      name: 'Face detection',
      estimate: false,
      method: 'Faces are found in each frame and followed through the video as one person each.',
      metrics: [
        {
          key: 'face-recall',
          name: 'Faces found (recall)',
          value: 0.93,
          unit: 'share',
          better: 'higher',
          count: {
            k: 40,
            n: 43,
          },
          interval: {
            low: 0.814,
            high: 0.976,
          },
          detail: 'hand-drawn faces matched by a detection (IoU ≥ 0.5), 9 group photos',
        },
        {
          key: 'face-precision',
          name: 'Detections that are faces (precision)',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 40,
            n: 40,
          },
          interval: {
            low: 0.912,
            high: 1,
          },
          detail: null,
        },
        {
          key: 'face-found-portraits',
          name: 'Portraits where the face is found',
          value: 0.975,
          unit: 'share',
          better: 'higher',
          count: {
            k: 117,
            n: 120,
          },
          interval: {
            low: 0.929,
            high: 0.991,
          },
          detail: 'tight 224x224 crops',
        },
      ],
      data: [
        {
          name: 'dlib example photos with hand-drawn face boxes (PASCAL VOC)',
          itemUnit: 'faces',
          path: 'fixtures/faces/multi/',
          source: 'davisking/dlib examples/faces @3d40bf5',
          licence: 'Boost 1.0; photos Flickr',
          items: 43,
        },
        {
          name: 'FairFace photos (tight 224x224 crops, labelled gender and age bin)',
          itemUnit: 'photos',
          path: 'fixtures/faces/fairface-more/',
          source: 'FairFace via thlaiquid-ai/demographic-test-images @3225e93',
          licence: 'CC BY 4.0',
          items: 120,
        },
      ],
      breakdown: [],
      notes: [],
    },
    {
      key: 'gender',
      name: 'Gender',
      estimate: true,
      method:
        'Apparent gender as a face model sees it, male or female; it says nothing about how a person identifies.',
      metrics: [
        {
          key: 'gender-accuracy',
          name: 'Gender right',
          value: 0.821,
          unit: 'share',
          better: 'higher',
          count: {
            k: 96,
            n: 117,
          },
          interval: {
            low: 0.741,
            high: 0.88,
          },
          detail: 'of the photos where a face is found',
        },
      ],
      data: [
        {
          name: 'FairFace photos (tight 224x224 crops, labelled gender and age bin)',
          itemUnit: 'photos',
          path: 'fixtures/faces/fairface-more/',
          source: 'FairFace via thlaiquid-ai/demographic-test-images @3225e93',
          licence: 'CC BY 4.0',
          items: 120,
        },
      ],
      breakdown: [],
      notes: ['By gender and age group in the bias table below.'],
    },
    {
      key: 'age',
      name: 'Age',
      estimate: true,
      method: 'Apparent age from the face, shown as an age group.',
      metrics: [
        {
          key: 'age-exact',
          name: 'Age group right',
          value: 0.47,
          unit: 'share',
          better: 'higher',
          count: {
            k: 55,
            n: 117,
          },
          interval: {
            low: 0.382,
            high: 0.56,
          },
          detail:
            'of the photos where a face is found; groups 0-2, 3-9, 10-19, 20-29, 30-39, 40-49, 50-59, 60-69, 70+',
        },
        {
          key: 'age-within-one',
          name: 'Age group within one group',
          value: 0.932,
          unit: 'share',
          better: 'higher',
          count: {
            k: 109,
            n: 117,
          },
          interval: {
            low: 0.871,
            high: 0.965,
          },
          detail: 'of the photos where a face is found',
        },
      ],
      data: [
        {
          name: 'FairFace photos (tight 224x224 crops, labelled gender and age bin)',
          itemUnit: 'photos',
          path: 'fixtures/faces/fairface-more/',
          source: 'FairFace via thlaiquid-ai/demographic-test-images @3225e93',
          licence: 'CC BY 4.0',
          items: 120,
        },
      ],
      breakdown: [],
      notes: ['The labels are what annotators judged from the photo, not the true age.'],
    },
    {
      key: 'emotions',
      name: 'Emotions',
      estimate: true,
      method:
        'The dominant facial expression per moment (angry, disgust, fear, happy, sad, surprise, neutral); an expression is not a feeling.',
      metrics: [
        {
          key: 'emotion-agreement',
          name: 'Agreement with human labels',
          value: 0.375,
          unit: 'share',
          better: 'higher',
          count: {
            k: 6,
            n: 16,
          },
          interval: {
            low: 0.185,
            high: 0.614,
          },
          detail: 'dominant emotion equals the label; no face found counts as disagreement',
        },
        {
          key: 'emotion-face-found',
          name: 'Photos where a face is found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 16,
            n: 16,
          },
          interval: {
            low: 0.806,
            high: 1,
          },
          detail: null,
        },
      ],
      data: [
        {
          name: 'facial_expressions photos (student labels, noisy)',
          itemUnit: 'photos',
          path: 'fixtures/faces/expressions/',
          source: 'muxspace/facial_expressions @5fb9c13 (photos mostly LFW)',
          licence: 'repo Apache-2.0; test use only',
          items: 16,
        },
      ],
      breakdown: [
        {
          title: 'Per label',
          columns: [
            {
              key: 'photos',
              name: 'Photos',
              unit: 'count',
            },
            {
              key: 'agree',
              name: 'Agree',
              unit: 'count',
            },
          ],
          rows: [
            {
              label: 'anger',
              cells: [2, 1],
            },
            {
              label: 'contempt',
              cells: [2, 0],
            },
            {
              label: 'disgust',
              cells: [2, 0],
            },
            {
              label: 'fear',
              cells: [2, 1],
            },
            {
              label: 'happiness',
              cells: [2, 2],
            },
            {
              label: 'neutral',
              cells: [2, 0],
            },
            {
              label: 'sadness',
              cells: [2, 2],
            },
            {
              label: 'surprise',
              cells: [2, 0],
            },
          ],
        },
      ],
      notes: [
        'The labels are students’ judgements of posed and press photos, themselves noisy; the EU AI Act bans emotion recognition in workplaces and education (art. 5(1)(f)).',
      ],
    },
    {
      key: 'heart-rate',
      name: 'Heart rate',
      estimate: true,
      method:
        'The pulse is read from tiny colour changes of the skin in video (remote photoplethysmography); not a medical measurement.',
      metrics: [
        {
          key: 'hr-mae',
          name: 'Mean absolute error',
          value: null,
          unit: 'bpm',
          better: 'lower',
          count: null,
          interval: null,
          detail: 'over the 0 patches given a heart rate',
        },
        {
          key: 'hr-answered',
          name: 'Patches given a heart rate',
          value: 0,
          unit: 'share',
          better: 'higher',
          count: {
            k: 0,
            n: 17,
          },
          interval: {
            low: 0,
            high: 0.184,
          },
          detail: null,
        },
        {
          key: 'hr-within-5',
          name: 'Within 5 bpm of the reference',
          value: 0,
          unit: 'share',
          better: 'higher',
          count: {
            k: 0,
            n: 17,
          },
          interval: {
            low: 0,
            high: 0.184,
          },
          detail: 'of all patches; no answer counts as a miss',
        },
        {
          key: 'hr-mae-baseline',
          name: 'Baseline: always the group mean',
          value: 4.516,
          unit: 'bpm',
          better: 'lower',
          count: null,
          interval: null,
          detail: 'error of answering 78.5 bpm for every patch; the analysis must beat it',
        },
      ],
      data: [
        {
          name: 'bias-eval-rppg skin patches (India, Sierra Leone; contact-sensor reference)',
          itemUnit: 'skin patches',
          path: 'fixtures/rppg-set/, fixtures/rppg/',
          source: 'ananyananda-dasari/bias-eval-rppg @82f6d80',
          licence: 'MIT; participants consented to sharing',
          items: 17,
        },
      ],
      breakdown: [
        {
          title: 'Per skin patch (6 people)',
          columns: [
            {
              key: 'subject',
              name: 'Person',
              unit: 'text',
            },
            {
              key: 'region',
              name: 'Region',
              unit: 'text',
            },
            {
              key: 'reference',
              name: 'Reference',
              unit: 'bpm',
            },
            {
              key: 'measured',
              name: 'Measured',
              unit: 'bpm',
            },
          ],
          rows: [
            {
              label: 'india_video1_forehead.avi',
              cells: ['India video1', 'video1_forehead', 85.413, null],
            },
            {
              label: 'india_video1_leftcheek.avi',
              cells: ['India video1', 'video1_leftcheek', 85.413, null],
            },
            {
              label: 'india_video28_forehead.avi',
              cells: ['India video28', 'forehead', 78.443, null],
            },
            {
              label: 'india_video28_leftcheek.avi',
              cells: ['India video28', 'leftcheek', 78.443, null],
            },
            {
              label: 'india_video28_rightcheek.avi',
              cells: ['India video28', 'rightcheek', 78.443, null],
            },
            {
              label: 'india_video37_forehead.avi',
              cells: ['India video37', 'forehead', 67.486, null],
            },
            {
              label: 'india_video37_leftcheek.avi',
              cells: ['India video37', 'leftcheek', 67.486, null],
            },
            {
              label: 'india_video37_rightcheek.avi',
              cells: ['India video37', 'rightcheek', 67.486, null],
            },
            {
              label: 'india_video19_forehead.avi',
              cells: ['India video19', 'forehead', 83.563, null],
            },
            {
              label: 'india_video19_leftcheek.avi',
              cells: ['India video19', 'leftcheek', 83.563, null],
            },
            {
              label: 'india_video19_rightcheek.avi',
              cells: ['India video19', 'rightcheek', 83.563, null],
            },
            {
              label: 'sierra-leone_video1_forehead.avi',
              cells: ['Sierra Leone video1', 'forehead', 81.654, null],
            },
            {
              label: 'sierra-leone_video1_leftcheek.avi',
              cells: ['Sierra Leone video1', 'leftcheek', 81.654, null],
            },
            {
              label: 'sierra-leone_video1_rightcheek.avi',
              cells: ['Sierra Leone video1', 'rightcheek', 81.654, null],
            },
            {
              label: 'sierra-leone_video37_forehead.avi',
              cells: ['Sierra Leone video37', 'forehead', 76.809, null],
            },
            {
              label: 'sierra-leone_video37_leftcheek.avi',
              cells: ['Sierra Leone video37', 'leftcheek', 76.809, null],
            },
            {
              label: 'sierra-leone_video37_rightcheek.avi',
              cells: ['Sierra Leone video37', 'rightcheek', 76.809, null],
            },
          ],
        },
      ],
      notes: [
        'Still skin patches of seated people in daylight, 15 fps; a moving face in a video call is harder. The reference is the mean of a contact sensor over the recording.',
      ],
    },
    {
      key: 'hrv',
      name: 'Heart-rate variability',
      estimate: true,
      method:
        'The spread of the intervals between the beats found in the skin colour signal (SDNN, RMSSD).',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: the fixtures have no reference for it (no ECG, breathing belt, oximeter or cuff recorded alongside the video).',
        'Camera beats are far noisier than an ECG; read it as a rough trend only.',
      ],
    },
    {
      key: 'respiration',
      name: 'Respiration',
      estimate: true,
      method:
        'Breaths per minute from the slow rhythm of the skin colour signal or of the heart rate.',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: the fixtures have no reference for it (no ECG, breathing belt, oximeter or cuff recorded alongside the video).',
      ],
    },
    {
      key: 'spo2',
      name: 'Blood oxygen (SpO2)',
      estimate: true,
      method:
        'A ratio of the pulse strength in two colours, with the textbook oximeter calibration.',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: the fixtures have no reference for it (no ECG, breathing belt, oximeter or cuff recorded alongside the video).',
        'A camera cannot measure blood oxygen reliably; not clinically validated.',
      ],
    },
    {
      key: 'blood-pressure',
      name: 'Blood pressure',
      estimate: true,
      method: 'The population average of resting adults, moved a little with the heart rate.',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: the fixtures have no reference for it (no ECG, breathing belt, oximeter or cuff recorded alongside the video).',
        'Nothing in a face video measures blood pressure: this is a prior, not a measurement.',
      ],
    },
    {
      key: 'stress',
      name: 'Stress',
      estimate: true,
      method: 'An index from heart-rate variability and heart rate (low, medium, high).',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: there is no agreed reference for stress.',
        'Not clinically validated.',
      ],
    },
    {
      key: 'truthfulness',
      name: 'Truthfulness (experimental)',
      estimate: true,
      method:
        'How far each window of behaviour departs from the same person’s baseline in the video (gaze, eye closure, head movement, expression changes).',
      metrics: [],
      data: [],
      breakdown: [],
      notes: [
        'Not measured: no data set with known truthful and untruthful answers is available.',
        'Not a lie detector: these cues are weak, culture-dependent signs of stress, not of lying.',
      ],
    },
  ],
  bias: {
    dataset: {
      name: 'FairFace photos (tight 224x224 crops, labelled gender and age bin)',
      itemUnit: 'photos',
      path: 'fixtures/faces/fairface-more/',
      source: 'FairFace via thlaiquid-ai/demographic-test-images @3225e93',
      licence: 'CC BY 4.0',
      items: 120,
    },
    rows: [
      {
        dimension: 'gender',
        group: 'Female',
        photos: 56,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 56,
            n: 56,
          },
          interval: {
            low: 0.936,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.786,
          unit: 'share',
          better: 'higher',
          count: {
            k: 44,
            n: 56,
          },
          interval: {
            low: 0.662,
            high: 0.873,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.911,
          unit: 'share',
          better: 'higher',
          count: {
            k: 51,
            n: 56,
          },
          interval: {
            low: 0.807,
            high: 0.961,
          },
          detail: null,
        },
      },
      {
        dimension: 'gender',
        group: 'Male',
        photos: 64,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 0.953,
          unit: 'share',
          better: 'higher',
          count: {
            k: 61,
            n: 64,
          },
          interval: {
            low: 0.871,
            high: 0.984,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.852,
          unit: 'share',
          better: 'higher',
          count: {
            k: 52,
            n: 61,
          },
          interval: {
            low: 0.743,
            high: 0.92,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.951,
          unit: 'share',
          better: 'higher',
          count: {
            k: 58,
            n: 61,
          },
          interval: {
            low: 0.865,
            high: 0.983,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '0-2',
        photos: 3,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 3,
            n: 3,
          },
          interval: {
            low: 0.439,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.667,
          unit: 'share',
          better: 'higher',
          count: {
            k: 2,
            n: 3,
          },
          interval: {
            low: 0.208,
            high: 0.939,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.667,
          unit: 'share',
          better: 'higher',
          count: {
            k: 2,
            n: 3,
          },
          interval: {
            low: 0.208,
            high: 0.939,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '3-9',
        photos: 16,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 16,
            n: 16,
          },
          interval: {
            low: 0.806,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.75,
          unit: 'share',
          better: 'higher',
          count: {
            k: 12,
            n: 16,
          },
          interval: {
            low: 0.505,
            high: 0.898,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.938,
          unit: 'share',
          better: 'higher',
          count: {
            k: 15,
            n: 16,
          },
          interval: {
            low: 0.717,
            high: 0.989,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '10-19',
        photos: 23,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 23,
            n: 23,
          },
          interval: {
            low: 0.857,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.696,
          unit: 'share',
          better: 'higher',
          count: {
            k: 16,
            n: 23,
          },
          interval: {
            low: 0.491,
            high: 0.844,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.957,
          unit: 'share',
          better: 'higher',
          count: {
            k: 22,
            n: 23,
          },
          interval: {
            low: 0.79,
            high: 0.992,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '20-29',
        photos: 19,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 19,
            n: 19,
          },
          interval: {
            low: 0.832,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.947,
          unit: 'share',
          better: 'higher',
          count: {
            k: 18,
            n: 19,
          },
          interval: {
            low: 0.754,
            high: 0.991,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.947,
          unit: 'share',
          better: 'higher',
          count: {
            k: 18,
            n: 19,
          },
          interval: {
            low: 0.754,
            high: 0.991,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '30-39',
        photos: 16,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 16,
            n: 16,
          },
          interval: {
            low: 0.806,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.75,
          unit: 'share',
          better: 'higher',
          count: {
            k: 12,
            n: 16,
          },
          interval: {
            low: 0.505,
            high: 0.898,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.875,
          unit: 'share',
          better: 'higher',
          count: {
            k: 14,
            n: 16,
          },
          interval: {
            low: 0.64,
            high: 0.965,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '40-49',
        photos: 15,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 15,
            n: 15,
          },
          interval: {
            low: 0.796,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.933,
          unit: 'share',
          better: 'higher',
          count: {
            k: 14,
            n: 15,
          },
          interval: {
            low: 0.702,
            high: 0.988,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.933,
          unit: 'share',
          better: 'higher',
          count: {
            k: 14,
            n: 15,
          },
          interval: {
            low: 0.702,
            high: 0.988,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '50-59',
        photos: 20,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 0.9,
          unit: 'share',
          better: 'higher',
          count: {
            k: 18,
            n: 20,
          },
          interval: {
            low: 0.699,
            high: 0.972,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.889,
          unit: 'share',
          better: 'higher',
          count: {
            k: 16,
            n: 18,
          },
          interval: {
            low: 0.672,
            high: 0.969,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 0.944,
          unit: 'share',
          better: 'higher',
          count: {
            k: 17,
            n: 18,
          },
          interval: {
            low: 0.742,
            high: 0.99,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '60-69',
        photos: 7,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 7,
            n: 7,
          },
          interval: {
            low: 0.646,
            high: 1,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: 0.857,
          unit: 'share',
          better: 'higher',
          count: {
            k: 6,
            n: 7,
          },
          interval: {
            low: 0.487,
            high: 0.974,
          },
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: 1,
          unit: 'share',
          better: 'higher',
          count: {
            k: 7,
            n: 7,
          },
          interval: {
            low: 0.646,
            high: 1,
          },
          detail: null,
        },
      },
      {
        dimension: 'age',
        group: '70+',
        photos: 1,
        detected: {
          key: 'detected',
          name: 'Face found',
          value: 0,
          unit: 'share',
          better: 'higher',
          count: {
            k: 0,
            n: 1,
          },
          interval: {
            low: 0,
            high: 0.793,
          },
          detail: null,
        },
        gender: {
          key: 'gender',
          name: 'Gender right',
          value: null,
          unit: 'share',
          better: 'higher',
          count: {
            k: 0,
            n: 0,
          },
          interval: null,
          detail: null,
        },
        ageWithinOneBin: {
          key: 'age-within-one',
          name: 'Age within one bin',
          value: null,
          unit: 'share',
          better: 'higher',
          count: {
            k: 0,
            n: 0,
          },
          interval: null,
          detail: null,
        },
      },
    ],
  },
};
