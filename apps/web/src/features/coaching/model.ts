/** The coaching page's rules that are not drawing: tabs, grouping, the dialog's checks, links. */
import {
  COACHING_MESSAGES,
  COACHING_OPEN_STAGES,
  MEETING_STAGES,
  UPLOAD,
  UPLOAD_MESSAGES,
  isGoogleLinkOf,
  type CoachingContentType,
  type CoachingItem,
  type LinkContentType,
  type MeetingStage,
} from '@parley/contracts';

export const COACHING_TABS = [
  'training',
  'presentations',
  'documents',
  'quizzes',
  'assessments',
  'progress',
] as const;
export type CoachingTab = (typeof COACHING_TABS)[number];

export const TAB_LABELS: Record<CoachingTab, string> = {
  training: 'Training',
  presentations: 'Presentations',
  documents: 'Documents',
  quizzes: 'Quizzes',
  assessments: 'Assessments',
  progress: 'Progress',
};

/** The tab named in the address; Training when it names none (or one that does not exist). */
export function tabOf(value: string | null): CoachingTab {
  return COACHING_TABS.find((t) => t === value) ?? 'training';
}

/** Which stored types each content tab lists (PDFs are documents to a reader). */
export const TAB_TYPES: Partial<Record<CoachingTab, readonly CoachingContentType[]>> = {
  training: ['video'],
  presentations: ['ppt'],
  documents: ['doc', 'pdf'],
};

export interface StageGroup {
  stage: MeetingStage;
  items: CoachingItem[];
}

/** Items of the given types by stage, in the stages' order; stages with none are left out. */
export function groupByStage(
  items: readonly CoachingItem[],
  types: readonly CoachingContentType[],
): StageGroup[] {
  return MEETING_STAGES.map((stage) => ({
    stage,
    items: items.filter((i) => i.stage === stage && types.includes(i.type)),
  })).filter((g) => g.items.length > 0);
}

/** The training videos a learner can watch (the quiz and assessment tabs list these). */
export const videosOf = (items: readonly CoachingItem[]) =>
  items.filter(
    (i): i is CoachingItem & { meetingId: string } => i.type === 'video' && !!i.meetingId,
  );

export const isLinkType = (t: CoachingContentType): t is LinkContentType => t !== 'video';

/** The upload dialog's fields (spec 1 §5). */
export interface ContentDraft {
  title: string;
  type: CoachingContentType | '';
  file: Pick<File, 'name' | 'size'> | null;
  stage: MeetingStage;
  url: string;
}

export const emptyDraft: ContentDraft = {
  title: '',
  type: '',
  file: null,
  stage: 'prospecting_stage',
  url: '',
};

const VIDEO_EXTENSIONS: readonly string[] = UPLOAD.videoExtensions;
export const VIDEO_ACCEPT = VIDEO_EXTENSIONS.join(',');
export const WRONG_VIDEO_MESSAGE = `Unsupported file type. Please choose a ${VIDEO_EXTENSIONS.join(', ')} file.`;

/** A training video's file: a video of an accepted type, at most 1 GB. */
export function videoFileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return UPLOAD_MESSAGES.selectVideo;
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!VIDEO_EXTENSIONS.includes(ext)) return WRONG_VIDEO_MESSAGE;
  if (file.size > UPLOAD.clientMaxBytes) return UPLOAD_MESSAGES.fileTooLargeClient;
  return null;
}

/** The pasted link's message, or null: nothing typed yet is not an error to show. */
export function linkProblem(type: LinkContentType, url: string): string | null {
  if (!url.trim()) return null;
  return isGoogleLinkOf(type, url) ? null : COACHING_MESSAGES.invalidLink[type];
}

export const stageIsOpen = (stage: MeetingStage) => COACHING_OPEN_STAGES.includes(stage);

/** Whether Create may be pressed: everything required is there and valid (spec 1 §5). */
export function draftIsComplete(d: ContentDraft): boolean {
  if (!d.title.trim() || !d.type) return false;
  if (d.type === 'video') return videoFileProblem(d.file) === null && stageIsOpen(d.stage);
  return d.url.trim() !== '' && linkProblem(d.type, d.url) === null;
}

const GOOGLE_ID = /\/d\/(e\/)?([\w-]{10,})/;

/**
 * The address an iframe shows a Google link at: Slides' embed, Docs' and Drive's preview.
 * Published links (/d/e/…) have their own embeddable forms. Null for anything else.
 */
export function embedUrlOf(type: LinkContentType, url: string): string | null {
  if (!isGoogleLinkOf(type, url)) return null;
  const m = GOOGLE_ID.exec(url);
  if (!m) return null;
  const [, published, id] = m;
  if (type === 'ppt')
    return `https://docs.google.com/presentation/d/${published ? 'e/' : ''}${id}/embed`;
  if (type === 'doc')
    return published
      ? `https://docs.google.com/document/d/e/${id}/pub?embedded=true`
      : `https://docs.google.com/document/d/${id}/preview`;
  return `https://drive.google.com/file/d/${id}/preview`;
}

/** A share (0–1) as a whole percentage. */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A score (0–100, one decimal) as shown. */
export const scoreText = (score: number | null) =>
  score === null ? '—' : `${Number.isInteger(score) ? score : score.toFixed(1)}%`;
