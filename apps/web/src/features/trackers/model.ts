import {
  formatHms,
  trackerInputSchema,
  type MeetingTrackerHits,
  type TrackerInput,
  type TrackerWeeklyCounts,
} from '@parley/contracts';
import { collect, type Validated } from '../../lib/validation';

export const TRACKER_FIELDS = ['name', 'phrases'] as const;
export type TrackerField = (typeof TRACKER_FIELDS)[number];

export interface TrackerValues {
  name: string;
  /** One phrase a line (commas also separate), as typed. */
  phrases: string;
}

/** The phrases typed in the box: one a line or comma-separated, blanks dropped. */
export function phrasesOf(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function validateTracker(v: TrackerValues): Validated<TrackerField, TrackerInput> {
  const parsed = trackerInputSchema.safeParse({ name: v.name, phrases: phrasesOf(v.phrases) });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues, TRACKER_FIELDS) };
}

/** A tracker mention on the seek bar: where, and the tooltip naming the tracker. */
export interface TrackerTick {
  time: number;
  label: string;
}

/** The meeting's mentions as seek-bar ticks: "Pricing: “price” (00:01:05, Ada)". */
export function trackerTicks(data: MeetingTrackerHits | undefined): TrackerTick[] {
  if (!data) return [];
  const names = new Map(data.trackers.map((t) => [t.id, t.name]));
  return data.hits.map((h) => ({
    time: h.start,
    label: `${names.get(h.trackerId) ?? 'Tracker'}: “${h.phrase}” (${formatHms(h.start)}, ${h.speakerName})`,
  }));
}

/** A stretch of the transcript to mark, and what it mentions (the mark's tooltip). */
export interface TranscriptMark {
  start: number;
  end: number;
  label: string;
}

/** The mentions as marks over the transcript's words, named by their tracker. */
export function trackerMarks(data: MeetingTrackerHits | undefined): TranscriptMark[] {
  if (!data) return [];
  const names = new Map(data.trackers.map((t) => [t.id, t.name]));
  return data.hits.map((h) => ({
    start: h.start,
    end: h.end,
    label: names.get(h.trackerId) ?? 'Tracker',
  }));
}

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One chart row per week: `week` (its Monday) and a count per tracker id. */
export type WeekRow = { week: string } & Record<string, number | string>;

/**
 * The weekly counts as chart rows from the first week with a mention to the last, the weeks
 * between with 0, so a quiet week shows as a dip rather than being skipped.
 */
export function weeklyRows(data: TrackerWeeklyCounts | undefined): WeekRow[] {
  if (!data || data.weeks.length === 0) return [];
  const ids = data.trackers.map((t) => t.id);
  const byWeek = new Map<string, Map<string, number>>();
  for (const w of data.weeks) {
    const counts = byWeek.get(w.weekStart) ?? new Map<string, number>();
    counts.set(w.trackerId, (counts.get(w.trackerId) ?? 0) + w.total);
    byWeek.set(w.weekStart, counts);
  }
  const weeks = [...byWeek.keys()].sort();
  const first = Date.parse(`${weeks[0]}T00:00:00Z`);
  const last = Date.parse(`${weeks[weeks.length - 1]}T00:00:00Z`);
  const rows: WeekRow[] = [];
  for (let t = first; t <= last; t += 7 * DAY_MS) {
    const week = isoDay(t);
    const counts = byWeek.get(week);
    const row: WeekRow = { week };
    for (const id of ids) row[id] = counts?.get(id) ?? 0;
    rows.push(row);
  }
  return rows;
}
