import {
  HR_CATEGORIES,
  INTERVIEW_STATUS_LABELS,
  formatHms,
  type CandidateReportPreview,
  type InsightItem,
  type MeetingInsights,
  type ScoreResult,
} from '@parley/contracts';
import type { ReportInterview, ReportScorecard } from '../sources.js';
import { writtenDay, writtenDayTime } from '../../../platform/dates.js';
import { ReportDocument } from './blocks.js';
import { COLOURS } from './document.js';
import {
  biometricsSection,
  insightLines,
  scorecardsSection,
  sentimentSection,
  talkTimeSection,
  videoSection,
  type ConversationData,
  type VideoData,
} from './sections.js';

/** The meeting facts every report opens with. */
export interface MeetingFacts {
  name: string;
  organisation: string;
  date: Date;
  durationSec: number | null;
  stage: string;
  participants: string[];
  owner: string | null;
}

function subtitle(m: MeetingFacts): string {
  const parts = [writtenDayTime(m.date)];
  if (m.durationSec !== null) parts.push(`${formatHms(m.durationSec)} long`);
  parts.push(m.organisation);
  return parts.join('  ·  ');
}

function factsSection(r: ReportDocument, m: MeetingFacts, extra: [string, string][] = []): void {
  r.section('Meeting');
  r.facts([
    ['Meeting', m.name],
    ['Date', writtenDayTime(m.date)],
    ['Duration', m.durationSec === null ? 'Unknown' : formatHms(m.durationSec)],
    ['Type', m.stage],
    ['Participants', m.participants.length ? m.participants.join(', ') : 'Not identified yet'],
    ['Recorded by', m.owner ?? 'Unknown'],
    ...extra,
  ]);
}

const isScored = (item: InsightItem): item is InsightItem & { result: ScoreResult } =>
  !Array.isArray(item.result);

export interface HrReportData {
  meeting: MeetingFacts;
  generatedAt: Date;
  insights: MeetingInsights;
  interview: ReportInterview | null;
  scorecards: ReportScorecard[] | 'private' | null;
  conversation: ConversationData | null;
  video: VideoData;
  biometrics: Parameters<typeof biometricsSection>[1];
}

export async function renderHrReport(d: HrReportData): Promise<Buffer> {
  const r = new ReportDocument({
    title: 'HR report',
    meetingName: d.meeting.name,
    subtitle: subtitle(d.meeting),
    generatedAt: d.generatedAt,
    organisation: d.meeting.organisation,
  });
  const iv = d.interview;
  factsSection(
    r,
    d.meeting,
    iv
      ? [
          ['Candidate', iv.candidate ? `${iv.candidate.name} <${iv.candidate.email}>` : 'Not set'],
          ['Job', iv.job ? [iv.job.title, iv.job.role].filter(Boolean).join(' · ') : 'Not set'],
          ['Round', `${iv.round}${iv.lastRound ? ' (last round)' : ''}`],
          ['Status', INTERVIEW_STATUS_LABELS[iv.status]],
        ]
      : [],
  );

  const { threshold, overallScore } = d.insights;
  r.section(
    'Scores',
    `Out of 100. The threshold is ${threshold} (THRESHOLD_HR_SCORE for this organization): a score at or above it is Recommended. The overall score is the rounded mean of Technical, Communication and Behavioral.`,
  );
  const byName = new Map(d.insights.data.map((i) => [i.promptName, i]));
  const scored = HR_CATEGORIES.filter((c) => c !== 'Alerts').map((c) => byName.get(c));
  if (scored.every((i) => !i)) {
    r.empty(
      'No Zai scores yet: the interview has not been analyzed, or the plan has no Zai Intelligence.',
    );
  } else {
    r.scoreBar('Overall', overallScore, threshold, 'Not scored yet');
    r.doc.moveDown(0.2);
    for (const c of HR_CATEGORIES) {
      if (c === 'Alerts') continue;
      const item = byName.get(c);
      r.scoreBar(c, item && isScored(item) ? item.result.score : null, threshold);
    }
    r.paragraph(
      overallScore === null
        ? 'No overall verdict until every category is scored.'
        : overallScore >= threshold
          ? `Overall: Recommended (${overallScore} ≥ ${threshold}).`
          : `Overall: Not recommended (${overallScore} < ${threshold}).`,
      { bold: true, size: 10 },
    );
  }

  r.section('Insights', 'What each score rests on, with the moment of the recording (HH:MM:SS).');
  const hr = HR_CATEGORIES.map((c) => byName.get(c)).filter((i): i is InsightItem => !!i);
  if (hr.length === 0) r.empty('No Zai insights generated for this meeting yet.');
  for (const item of hr) {
    const score = isScored(item) ? item.result.score : null;
    r.subheading(
      item.promptName,
      score === null
        ? undefined
        : { text: `${score} / 100`, tone: score >= threshold ? 'success' : 'warning' },
    );
    const lines = insightLines(item);
    if (lines.length) r.timedList(lines);
    else r.paragraph('Nothing noted.', { muted: true, size: 9 });
  }
  for (const name of ['Summary', 'Action Items']) {
    const item = byName.get(name);
    if (!item) continue;
    r.subheading(name);
    r.timedList(insightLines(item));
  }

  scorecardsSection(r, d.scorecards);
  talkTimeSection(r, d.conversation);
  sentimentSection(r, d.conversation, d.meeting.durationSec ?? 0);
  videoSection(r, d.video);
  biometricsSection(r, d.biometrics);
  return r.finish();
}

export interface SalesReportData {
  meeting: MeetingFacts;
  generatedAt: Date;
  insights: MeetingInsights;
  conversation: ConversationData | null;
}

export async function renderSalesReport(d: SalesReportData): Promise<Buffer> {
  const r = new ReportDocument({
    title: 'Sales report',
    meetingName: d.meeting.name,
    subtitle: subtitle(d.meeting),
    generatedAt: d.generatedAt,
    organisation: d.meeting.organisation,
  });
  factsSection(r, d.meeting);

  r.section('Conversation at a glance');
  const c = d.conversation;
  if (!c) {
    r.empty(
      'No transcript yet: talk ratio, questions and filler words are measured once the recording has been transcribed.',
    );
  } else {
    const talk = c.diarization.speaker_time_analysis;
    const fillersBy = new Map<string, number>();
    for (const f of c.conversation.fillerWords)
      fillersBy.set(f.name, (fillersBy.get(f.name) ?? 0) + 1);
    r.tiles([
      {
        label: 'Talk ratio',
        value: talk.length ? talk.map((s) => Math.round(s.percentage)).join(' : ') : '—',
        hint: talk.map((s) => s.name).join(' : '),
      },
      {
        label: 'Questions asked',
        value: String(c.conversation.questions.length),
        hint: 'in the transcript',
      },
      {
        label: 'Filler words',
        value: String(c.conversation.fillerWords.length),
        hint: [...fillersBy].map(([n, k]) => `${n}: ${k}`).join(', ') || 'none',
      },
      {
        label: 'Engagement',
        value: `${Math.round(c.conversation.engagement.score)} / 100`,
        hint: 'heuristic, see the meeting page',
      },
    ]);
  }

  r.section(
    'Sales insights',
    'What Zai found for this stage’s sales prompts, with the moment each rests on.',
  );
  const sales = d.insights.data.filter((i) => i.group === 'sales');
  if (sales.length === 0) r.empty('No sales insights generated for this meeting yet.');
  for (const item of sales) {
    const score = isScored(item) ? item.result.score : null;
    r.subheading(
      item.promptName,
      score === null ? undefined : { text: `${score} / 100`, tone: 'accent' },
    );
    const lines = insightLines(item);
    if (lines.length) r.timedList(lines);
    else r.paragraph('Nothing noted.', { muted: true, size: 9 });
  }
  for (const name of ['Summary', 'Action Items', 'Key Questions']) {
    const item = d.insights.data.find((i) => i.promptName === name);
    if (!item) continue;
    r.subheading(name);
    r.timedList(insightLines(item));
  }

  talkTimeSection(r, c);
  r.section('Questions', 'Questions asked in the conversation, in order.');
  if (!c) r.empty('No transcript yet.');
  else if (c.conversation.questions.length === 0)
    r.empty('No questions were found in the transcript.');
  else
    r.timedList(
      c.conversation.questions
        .slice(0, 40)
        .map((q) => ({ text: `${q.name}: ${q.text}`, at: q.start })),
    );

  r.section('Filler words');
  if (!c) r.empty('No transcript yet.');
  else if (c.conversation.fillerWords.length === 0)
    r.empty('No filler words were found in the transcript.');
  else {
    const counts = new Map<string, Map<string, number>>();
    for (const f of c.conversation.fillerWords) {
      const m = counts.get(f.name) ?? new Map<string, number>();
      m.set(f.word, (m.get(f.word) ?? 0) + 1);
      counts.set(f.name, m);
    }
    r.table(
      [
        { title: 'Speaker', width: 0.3 },
        { title: 'Count', width: 0.15, align: 'right' },
        { title: 'Words', width: 0.55 },
      ],
      [...counts].map(([name, m]) => [
        name,
        String([...m.values()].reduce((a, b) => a + b, 0)),
        [...m]
          .sort(([, a], [, b]) => b - a)
          .map(([w, k]) => `“${w}” ×${k}`)
          .join(', '),
      ]),
    );
  }
  sentimentSection(r, c, d.meeting.durationSec ?? 0);
  return r.finish();
}

export interface CandidateReportData {
  meeting: MeetingFacts;
  generatedAt: Date;
  preview: CandidateReportPreview;
}

/** The candidate's own report: words only, no score, and the record of their consent. */
export async function renderCandidateReport(d: CandidateReportData): Promise<Buffer> {
  const p = d.preview;
  const r = new ReportDocument({
    title: 'Your interview report',
    meetingName: p.jobTitle ? `${p.jobTitle} interview` : d.meeting.name,
    subtitle: `${writtenDay(d.meeting.date)}  ·  ${d.meeting.organisation}`,
    generatedAt: d.generatedAt,
    organisation: d.meeting.organisation,
  });
  r.paragraph(`Dear ${p.candidate.name},`, { size: 10.5 });
  r.paragraph(
    `Thank you for interviewing with ${d.meeting.organisation}. This report sums up what went well in your interview and what you could work on. It is feedback in words; the organization’s own ratings are not part of it.`,
    { muted: true },
  );
  r.section('Strengths');
  if (p.strengths.length) r.bullets(p.strengths);
  else r.empty('No particular strengths were noted in the analysis of this interview.');
  r.section('Areas to improve');
  if (p.improvements.length) r.bullets(p.improvements);
  else r.empty('No particular areas to improve were noted in the analysis of this interview.');

  r.section('Your data and consent');
  r.facts([
    ['What was recorded', p.consent.recorded.join(', ') || 'Nothing'],
    ['Interview', `${d.meeting.name}, ${writtenDay(d.meeting.date)}`],
  ]);
  r.subheading('When you agreed');
  r.paragraph(p.consent.agreed, { size: 9.5 });
  r.subheading('Asking for deletion');
  r.paragraph(p.consent.deletion, { size: 9.5 });
  r.doc.fillColor(COLOURS.muted);
  return r.finish();
}
