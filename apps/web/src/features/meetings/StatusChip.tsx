import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Meeting } from '@parley/contracts';
import {
  CalendarClock,
  CircleAlert,
  CircleCheck,
  Clock,
  LoaderCircle,
  Radio,
  Upload,
} from 'lucide-react';
import { STATUS_LABELS, awaitsRecording } from './model';
import {
  isTerminalStatus,
  useMeetingChannel,
  type InferenceStatus,
  type MeetingStatusEvent,
} from '../../lib/realtime';
import { Badge, type BadgeTone } from '../../ui';
import { applyStatusEvent, meetingKeys } from './api';

const LOOK: Record<InferenceStatus, { tone: BadgeTone; icon: typeof Clock; spin?: boolean }> = {
  uploaded: { tone: 'info', icon: Upload },
  queued: { tone: 'neutral', icon: Clock },
  analysing: { tone: 'accent', icon: LoaderCircle, spin: true },
  processed: { tone: 'success', icon: CircleCheck },
  failed: { tone: 'danger', icon: CircleAlert },
};

export function StatusChip({
  status,
  reason,
}: {
  status: InferenceStatus;
  reason?: string | null;
}) {
  const { tone, icon: Icon, spin } = LOOK[status];
  return (
    <Badge
      tone={tone}
      data-status={status}
      data-testid="meeting-status-chip"
      title={status === 'failed' && reason ? reason : undefined}
    >
      <Icon aria-hidden className={spin ? 'animate-spin' : undefined} />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Keeps the meeting's realtime channel open while its analysis is not finished and patches the
 * cached meeting with every status event; on the final events the cache is refreshed.
 */
export function useLiveStatus(meeting: Pick<Meeting, 'id' | 'inferenceStatus'> | undefined) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const live = meeting && !isTerminalStatus(meeting.inferenceStatus) ? meeting.id : null;
  useMeetingChannel(live, {
    onStatus: (event: MeetingStatusEvent) => {
      setProgress(event.progress);
      applyStatusEvent(client, event);
    },
    onTerminal: () => {
      if (!meeting) return;
      void client.invalidateQueries({ queryKey: meetingKeys.detail(meeting.id) });
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
    },
  });
  return { progress };
}

/** The status chip of a list row, live while the analysis runs. */
export function LiveStatusChip({ meeting }: { meeting: Meeting }) {
  useLiveStatus(meeting);
  if (awaitsRecording(meeting)) return <AwaitingRecordingChip startTime={meeting.startTime} />;
  return <StatusChip status={meeting.inferenceStatus} reason={meeting.statusReason} />;
}

/** A live meeting before its recording: "Scheduled" until it starts, then "Live". */
function AwaitingRecordingChip({ startTime }: { startTime: string }) {
  const upcoming = new Date(startTime).getTime() > Date.now();
  const Icon = upcoming ? CalendarClock : Radio;
  return (
    <Badge
      tone={upcoming ? 'neutral' : 'accent'}
      data-status={upcoming ? 'scheduled' : 'live'}
      data-testid="meeting-status-chip"
    >
      <Icon aria-hidden />
      {upcoming ? 'Scheduled' : 'Live'}
    </Badge>
  );
}
