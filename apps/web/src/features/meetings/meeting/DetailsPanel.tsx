import type { AsrEngineInfo, Meeting } from '@parley/contracts';
import { formatBytes, formatDurationWords } from '../../../lib/format';
import { formatDate, formatDateTime } from '../../../lib/datetime';
import { STAGE_LABELS, STATUS_LABELS, meetingLengthLabel } from '../model';

const PROVIDERS = { local: 'This server', aws: 'Amazon S3', azure: 'Azure Blob Storage' };

/** What is known about the recording. */
export function DetailsPanel({
  meeting,
  engine,
}: {
  meeting: Meeting;
  /** The speech-to-text engine of the analysis, with its known quality. */
  engine?: AsrEngineInfo | null;
}) {
  const rows: [string, string][] = [
    ['File name', meeting.meetingCode],
    ['Title', meeting.title || '—'],
    ['Stage', STAGE_LABELS[meeting.stage]],
    ['Status', STATUS_LABELS[meeting.inferenceStatus]],
    ['Date', formatDateTime(meeting.startTime)],
    ['Duration', meetingLengthLabel(meeting, formatDurationWords)],
    ['Type', meeting.type === 'live' ? 'Live' : 'Recorded'],
    ['Size', formatBytes(meeting.sizeBytes)],
    ['Format', meeting.mimeType ?? '—'],
    ['Stored in', PROVIDERS[meeting.storageProvider]],
    ['Uploaded', formatDate(meeting.createdAt)],
  ];
  if (engine) rows.push(['Speech-to-text', `${engine.name} ${engine.model} · ${engine.quality}`]);
  return (
    <dl className="grid grid-cols-[minmax(96px,auto)_1fr] gap-x-4 gap-y-3 p-4 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{k}</dt>
          <dd className="min-w-0 break-words text-fg">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
