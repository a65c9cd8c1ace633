import { useEffect, useMemo } from 'react';
import { lipSyncWindowEventSchema, type LipSyncWindowEvent } from '@parley/contracts';
import { createStore, type Store } from '../../lib/store';
import { createReleaseQueue, LIP_SYNC_RELEASE } from './release-queue';

/** Readings kept per person for the sparkline: the last minute of a meeting at one per 2 s. */
export const LIVE_READINGS_KEPT = 30;

export interface LiveLipSyncState {
  /** Windows received since the meeting was opened (or its video pass restarted). */
  arrived: number;
  /** Received, not shown yet. */
  queued: number;
  /** What has been released so far, per person in order of appearance, oldest reading first. */
  persons: { personId: string; readings: LipSyncWindowEvent[] }[];
}

/** The live lip-sync readings of one meeting: fed by the meeting channel, read by the card. */
export interface LiveLipSyncFeed {
  readonly meetingId: string | undefined;
  readonly store: Store<LiveLipSyncState>;
  /** A 'lip sync data' payload; anything but this meeting's live window is ignored. */
  push(payload: unknown): void;
  /** A new video pass started ('lip sync started'), or the page is done with the meeting. */
  reset(): void;
}

const EMPTY: LiveLipSyncState = { arrived: 0, queued: 0, persons: [] };

export function createLiveLipSyncFeed(meetingId: string | undefined): LiveLipSyncFeed {
  const store = createStore<LiveLipSyncState>(EMPTY);
  const counts = () => ({ arrived: queue.arrived, queued: queue.queued });
  const queue = createReleaseQueue<LipSyncWindowEvent>((w) => {
    store.set((s) => {
      const known = s.persons.some((p) => p.personId === w.personId);
      const persons = known
        ? s.persons.map((p) =>
            p.personId === w.personId
              ? { ...p, readings: [...p.readings, w].slice(-LIVE_READINGS_KEPT) }
              : p,
          )
        : [...s.persons, { personId: w.personId, readings: [w] }];
      return { ...counts(), persons };
    });
  }, LIP_SYNC_RELEASE);

  return {
    meetingId,
    store,
    push(payload) {
      const parsed = lipSyncWindowEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.meetingId !== meetingId) return;
      queue.push(parsed.data);
      store.set((s) => ({ ...s, ...counts() }));
    },
    reset() {
      queue.reset();
      store.set(EMPTY);
    },
  };
}

/**
 * The live lip-sync feed of the meeting on the page: a new one for each meeting, reset when
 * the page leaves it (no reading of one meeting is ever shown on another).
 */
export function useLiveLipSync(meetingId: string | undefined): LiveLipSyncFeed {
  const feed = useMemo(() => createLiveLipSyncFeed(meetingId), [meetingId]);
  useEffect(() => () => feed.reset(), [feed]);
  return feed;
}
