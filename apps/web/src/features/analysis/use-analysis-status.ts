import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIP_SYNC_EVENT,
  REALTIME,
  videoEvent,
  type Meeting,
  type OfflineStatus,
} from '@parley/contracts';
import {
  isTerminalStatus,
  useMeetingChannel,
  type Connect,
  type MeetingStatusEvent,
} from '../../lib/realtime';
import { applyStatusEvent, meetingKeys } from '../meetings';
import { INSIGHT_EVENT_NAMES, applyInsightEvent } from '../insights';
import { analysisKeys, useOfflineStatus } from './api';

const LIP_SYNC_STARTED = videoEvent('lip sync', 'started');
const CHANNEL_EVENTS = [
  ...INSIGHT_EVENT_NAMES,
  LIP_SYNC_EVENT,
  LIP_SYNC_STARTED,
  REALTIME.transcriptProgress,
];

export interface AnalysisStatusOptions {
  /** Replaces socket.io (tests). */
  connect?: Connect;
  /**
   * Gets the live lip-sync windows of the video step (spec 2 §4); reset when a video pass
   * starts. On this one channel: the page opens no second connection for them.
   */
  lipSync?: { push(payload: unknown): void; reset(): void };
}

/**
 * The analysis status of the meeting page: GET offline/status, kept live by the realtime
 * 'meeting-status' event while the analysis runs. The channel hands over the event's status
 * and progress; the per-step detail is then read again from offline/status. When the meeting
 * becomes processed, its transcript and analytics are fetched, without a page reload.
 */
export function useAnalysisStatus(
  meeting: Pick<Meeting, 'id' | 'inferenceStatus'> | undefined,
  { connect, lipSync }: AnalysisStatusOptions = {},
) {
  const client = useQueryClient();
  const status = useOfflineStatus(meeting);
  const live = meeting && !isTerminalStatus(meeting.inferenceStatus) ? meeting.id : null;

  const refresh = (id: string) => {
    void client.invalidateQueries({ queryKey: meetingKeys.detail(id) });
    void client.invalidateQueries({ queryKey: meetingKeys.lists() });
    void client.invalidateQueries({ queryKey: analysisKeys.all(id) });
  };

  useMeetingChannel(live, {
    onStatus: (event: MeetingStatusEvent) => {
      client.setQueryData<OfflineStatus>(analysisKeys.status(event.meetingId), (s) =>
        s
          ? {
              ...s,
              inferenceStatus: event.inferenceStatus,
              statusReason: event.statusReason,
              progress: event.progress ?? s.progress,
            }
          : s,
      );
      applyStatusEvent(client, event);
      if (isTerminalStatus(event.inferenceStatus)) refresh(event.meetingId);
      else void client.invalidateQueries({ queryKey: analysisKeys.status(event.meetingId) });
    },
    onTerminal: () => {
      if (meeting) refresh(meeting.id);
    },
    // Zai results show as each prompt answers, before the whole analysis is done; lip-sync
    // readings as the video step passes each window; the transcript as its pieces are stored.
    events: CHANNEL_EVENTS,
    onEvent: (name, payload) => {
      if (name === REALTIME.transcriptProgress) {
        if (meeting)
          void client.invalidateQueries({ queryKey: analysisKeys.transcription(meeting.id) });
      } else if (name === LIP_SYNC_EVENT) lipSync?.push(payload);
      else if (name === LIP_SYNC_STARTED) lipSync?.reset();
      else applyInsightEvent(client, payload);
    },
    connect,
  });

  // A polled status can be ahead of the meeting (the channel dropped): let it move the meeting.
  const polled = status.data;
  const ahead =
    meeting !== undefined &&
    polled !== undefined &&
    polled.meetingId === meeting.id &&
    polled.inferenceStatus !== meeting.inferenceStatus &&
    isTerminalStatus(polled.inferenceStatus);
  useEffect(() => {
    if (!ahead || !polled) return;
    applyStatusEvent(client, {
      meetingId: polled.meetingId,
      inferenceStatus: polled.inferenceStatus,
      statusReason: polled.statusReason,
    });
    void client.invalidateQueries({ queryKey: meetingKeys.detail(polled.meetingId) });
    void client.invalidateQueries({ queryKey: analysisKeys.all(polled.meetingId) });
  }, [ahead, polled, client]);
  return status;
}
