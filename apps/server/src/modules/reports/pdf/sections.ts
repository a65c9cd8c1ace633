import {
  formatHms,
  type BiometricResult,
  type BiometricStatus,
  type Diarization,
  type EmotionsResponse,
  type InsightItem,
  type LipSyncResponse,
  type PhysiologicalResponse,
  type ProctoringResponse,
  type VideoSource,
} from '@parley/contracts';
import type { Conversation, ReportScorecard, Sentiment } from '../sources.js';
import { sentimentChart, talkTimeChart } from './charts.js';
import type { ReportDocument } from './blocks.js';
import type { Tone } from './document.js';

/** Sections the HR and sales reports share. Each says so plainly when it has nothing to show. */

/** The conversation analytics of a transcribed meeting; null before the speech step has run. */
export interface ConversationData {
  diarization: Diarization;
  sentiment: Sentiment;
  conversation: Conversation;
  wordsPerMinute: { name: string; wpm: number }[];
}

/** An insight's lines with the first moment each rests on. */
export function insightLines(item: InsightItem): { text: string; at: number | null }[] {
  const lines = Array.isArray(item.result) ? item.result : item.result.insights;
  return lines.map((text, i) => ({ text, at: item.citations.items[i]?.[0]?.start ?? null }));
}

export function talkTimeSection(r: ReportDocument, data: ConversationData | null): void {
  r.section('Talk time', 'Share of the talking per speaker, from the diarized transcript.');
  const speakers = data?.diarization.speaker_time_analysis ?? [];
  if (!data || speakers.length === 0) {
    r.empty('No transcript yet: talk time is measured once the recording has been transcribed.');
    return;
  }
  talkTimeChart(
    r,
    speakers.map((s) => ({ name: s.name, seconds: s.time, percentage: s.percentage })),
  );
  const longest = data.diarization.talk_time_analysis.longest_monolog;
  r.tiles([
    {
      label: 'Longest monologue',
      value: formatHms(longest.duration),
      hint: longest.name ?? 'nobody spoke',
    },
    {
      label: 'Talking',
      value: `${data.diarization.talk_time_analysis.team_talktime_percentage.toFixed(0)}%`,
      hint: 'of the recording',
    },
    {
      label: 'Speaker switches',
      value: String(data.conversation.interactivity.speakerSwitches),
      hint: `${data.conversation.interactivity.switchesPerMinute.toFixed(1)} per minute`,
    },
    {
      label: 'Speaking rate',
      value: data.wordsPerMinute.length
        ? data.wordsPerMinute.map((s) => Math.round(s.wpm)).join(' / ')
        : '—',
      hint: 'words per minute, per speaker',
    },
  ]);
}

export function sentimentSection(
  r: ReportDocument,
  data: ConversationData | null,
  durationSec: number,
): void {
  r.section(
    'Sentiment',
    'Tone of what was said over the recording, from the transcript’s words (a lexicon model, not a judgement of the people).',
  );
  const points = data?.sentiment.overTime ?? [];
  if (!data || points.every((p) => p.compound === null)) {
    r.empty('No transcript yet, or no speech to rate: there is no sentiment to chart.');
    return;
  }
  const overall = data.sentiment.overall;
  // The heading and its chart stay on one page.
  r.ensure(175);
  r.subheading('Overall', {
    text: `${overall.label} (${overall.compound.toFixed(2)})`,
    tone:
      overall.label === 'positive'
        ? 'success'
        : overall.label === 'negative'
          ? 'danger'
          : 'neutral',
  });
  sentimentChart(r, points, durationSec);
}

const BIOMETRIC_LABELS: Record<BiometricStatus, { label: string; tone: Tone }> = {
  verified: { label: 'Verified', tone: 'success' },
  mismatch: { label: 'Mismatch', tone: 'danger' },
  not_registered: { label: 'Not registered', tone: 'warning' },
  no_face: { label: 'No face', tone: 'neutral' },
};

export function biometricsSection(r: ReportDocument, results: BiometricResult[] | null): void {
  r.section(
    'Biometric verification',
    'Whether the person in the recording is the participant who registered their face (and, as a weak signal only, their voice).',
  );
  if (results === null) {
    r.empty('Biometric verification is not part of this organization’s plan.');
    return;
  }
  if (results.length === 0) {
    r.empty('Biometric verification has not been run for this meeting.');
    return;
  }
  r.table(
    [
      { title: 'Participant', width: 0.26 },
      { title: 'Result', width: 0.16 },
      { title: 'Face', width: 0.22 },
      { title: 'Voice (weak signal)', width: 0.18 },
      { title: 'Evidence at', width: 0.18, align: 'right' },
    ],
    results.map((v) => [
      v.subjectName,
      BIOMETRIC_LABELS[v.status].label,
      v.face
        ? `${v.face.samePerson ? 'same person' : 'different person'} (${v.face.similarity.toFixed(2)} vs ${v.face.threshold.toFixed(2)})`
        : '—',
      v.voice ? (v.voice.likelySame ? 'likely the same' : 'not matched') : '—',
      v.videoTimeStamp === null ? '—' : formatHms(v.videoTimeStamp),
    ]),
  );
  for (const v of results) {
    if (v.verificationMessage)
      r.paragraph(`${v.subjectName}: ${v.verificationMessage}`, { muted: true, size: 8.5 });
  }
}

/** The video signals, or why there are none, as the meeting page words it. */
function videoState(video: VideoSource | undefined, hasData: boolean): string | null {
  if (!video) return null;
  if (video.state === 'audio_only') return 'Audio-only meeting';
  if (video.state === 'not_analysed')
    return 'The video signals of this meeting have not been analyzed yet';
  if (video.framesWithFaces === 0 || !hasData) return 'No face was found in this video';
  return null;
}

const personName = (id: string): string => {
  const n = Number(id.replace(/\D+/g, ''));
  return Number.isFinite(n) && n > 0 ? `Person ${n}` : id;
};

const PROCTORING_LABELS: Record<string, string> = {
  no_face: 'No face',
  multiple_faces: 'Several faces',
  looking_away: 'Looking away',
  face_mismatch: 'Different person',
};

export interface VideoData {
  physiological: PhysiologicalResponse | null;
  emotions: EmotionsResponse | null;
  proctoring: ProctoringResponse | null;
  lipsync: LipSyncResponse | null;
}

const LIP_SYNC = {
  in_sync: 'In sync',
  out_of_sync: 'Out of sync',
  insufficient_data: 'Not enough speech',
} as const;

/**
 * The video-signal summary. Stress, SpO2 and blood pressure carry the page's 'Estimate' label
 * and its note: a camera cannot measure them well, and the report must not read as if it did.
 * A null part is outside the organisation's plan.
 */
export function videoSection(r: ReportDocument, v: VideoData): void {
  r.section(
    'Video signals',
    'Signals read from the faces in the video. None of them is a medical measurement.',
  );
  const anyPlan = v.physiological || v.emotions || v.proctoring || v.lipsync;
  if (!anyPlan) {
    r.empty('Video signals are not part of this organization’s plan.');
    return;
  }
  const first = v.physiological ?? v.emotions ?? v.proctoring ?? v.lipsync;
  const state = videoState(first?.video, true);
  if (state) {
    r.empty(state);
    return;
  }

  if (v.emotions) {
    r.subheading('Facial emotions');
    const empty =
      v.emotions.offReason ?? videoState(v.emotions.video, v.emotions.persons.length > 0);
    if (empty) r.empty(empty);
    else {
      r.empty(v.emotions.reliability.note);
      r.table(
        [
          { title: 'Person', width: 0.22 },
          { title: 'Dominant', width: 0.18 },
          { title: 'Average shares', width: 0.6 },
        ],
        v.emotions.persons.map((p) => [
          personName(p.personId),
          p.dominant,
          Object.entries(p.averages)
            .sort(([, a], [, b]) => b - a)
            .slice(0, 4)
            .map(([k, x]) => `${k} ${Math.round(x * 100)}%`)
            .join(', '),
        ]),
      );
    }
  }

  if (v.physiological) {
    r.subheading('Physiology');
    const persons = v.physiological.persons;
    const empty = videoState(v.physiological.video, persons.length > 0);
    if (empty) r.empty(empty);
    for (const p of persons) {
      const bp =
        p.bloodPressure.systolic === null
          ? '—'
          : `${Math.round(p.bloodPressure.systolic)}/${Math.round(p.bloodPressure.diastolic ?? 0)} mmHg`;
      r.tiles([
        {
          label: `${personName(p.personId)} · Heart rate`,
          value: p.heartRate.bpm === null ? '—' : `${Math.round(p.heartRate.bpm)} bpm`,
          hint: `${p.heartRate.quality} signal`,
        },
        {
          label: 'HRV (SDNN)',
          value: p.hrv.sdnnMs === null ? '—' : `${Math.round(p.hrv.sdnnMs)} ms`,
        },
        {
          label: 'Respiration',
          value:
            p.respiration.breathsPerMinute === null
              ? '—'
              : `${Math.round(p.respiration.breathsPerMinute)} /min`,
        },
        { label: 'Stress · Estimate', value: p.stress.level ?? '—', hint: 'Estimate' },
        {
          label: 'SpO2 · Estimate',
          value: p.spo2.percent === null ? '—' : `${Math.round(p.spo2.percent)}%`,
          hint: 'Estimate',
        },
        { label: 'Blood pressure · Estimate', value: bp, hint: 'Estimate' },
      ]);
      const notes = [...new Set([p.stress.note, p.spo2.note, p.bloodPressure.note])];
      r.paragraph(`Estimate: ${notes.join(' ')}`, { muted: true, size: 8 });
    }
  }

  if (v.proctoring) {
    r.subheading('Proctoring');
    const counts = Object.entries(v.proctoring.cumulative_alerts).filter(([, n]) => n > 0);
    if (videoState(v.proctoring.video, true)) r.empty(videoState(v.proctoring.video, true) ?? '');
    else if (counts.length === 0) r.paragraph('No proctoring alerts were raised.', { muted: true });
    else
      r.timedList(
        v.proctoring.windows
          .filter((w) => w.current_alerts.length > 0)
          .slice(0, 12)
          .map((w) => ({
            text: w.current_alerts.map((a) => PROCTORING_LABELS[a] ?? a).join(', '),
            at: w.start,
          })),
      );
  }

  if (v.lipsync) {
    r.subheading('Lip sync');
    const empty = videoState(v.lipsync.video, v.lipsync.persons.length > 0);
    if (empty) r.empty(empty);
    else if (!v.lipsync.available) r.empty(v.lipsync.reason ?? 'No sound track to compare with.');
    else
      r.bullets(
        v.lipsync.persons.map(
          (p) =>
            `${personName(p.personId)}: ${LIP_SYNC[p.status]}${p.agreement === null ? '' : ` (agreement ${p.agreement.toFixed(2)})`}`,
        ),
      );
  }
}

export function scorecardsSection(
  r: ReportDocument,
  cards: ReportScorecard[] | 'private' | null,
): void {
  r.section(
    'Scorecards',
    'Ratings per competency of the job’s interview kit, 1 (poor) to 5 (excellent).',
  );
  if (cards === 'private') {
    r.empty('Scorecards are shown to the hiring team only.');
    return;
  }
  if (cards === null) {
    r.empty('No scorecards: this meeting is not an interview for a job with an interview kit.');
    return;
  }
  if (cards.length === 0) {
    r.empty('No scorecard has been drafted or submitted for this interview yet.');
    return;
  }
  for (const card of cards) {
    const who = card.author ?? 'Zai’s draft';
    const state = card.author === null ? 'Draft' : card.submittedAt ? 'Submitted' : 'Not submitted';
    r.subheading(who, { text: state, tone: card.submittedAt ? 'success' : 'neutral' });
    if (card.recommendation)
      r.paragraph(`Recommendation: ${card.recommendation}`, { bold: true, size: 9.5 });
    r.table(
      [
        { title: 'Competency', width: 0.3 },
        { title: 'Rating', width: 0.14 },
        { title: 'Notes', width: 0.56 },
      ],
      card.ratings.map((x) => [
        x.competency,
        x.rating === null ? (x.discussed ? 'Not rated' : 'Not discussed') : `${x.rating} / 5`,
        x.notes || '—',
      ]),
    );
    if (card.summary) r.paragraph(card.summary, { muted: true, size: 9 });
  }
}
