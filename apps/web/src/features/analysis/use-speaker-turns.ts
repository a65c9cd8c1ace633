import { useMemo } from 'react';
import type { Meeting } from '@parley/contracts';
import { speakerColorIndex, type Segment } from '../../ui/player/player';
import { nameOf } from './analytics/names';
import { useDiarization, useSpeakerTimeMapping } from './api';

/**
 * Who speaks when, for the meeting page: the seek bar's segments (in the same colours as the
 * transcript and charts, with the names set on the meeting) and the speaker_NN labels there
 * are to name.
 */
export function useSpeakerTurns(
  meeting: Pick<Meeting, 'id' | 'inferenceStatus' | 'additionalDetails'> | undefined,
) {
  const speakerMap = useSpeakerTimeMapping(meeting);
  const diarization = useDiarization(meeting);
  const names = meeting?.additionalDetails;
  const segments = useMemo<Segment[]>(
    () =>
      (speakerMap.data ?? []).map((s) => ({
        start: s.start,
        end: s.end,
        color: speakerColorIndex(s.speaker),
        label: nameOf(s.speaker, s.name, names ?? {}),
      })),
    [speakerMap.data, names],
  );
  const speakers = useMemo(() => {
    const keys = new Set<string>();
    for (const s of speakerMap.data ?? []) keys.add(s.speaker);
    for (const s of diarization.data?.speaker_time_analysis ?? []) keys.add(s.speaker);
    return [...keys].filter((k) => /^speaker_\d{2}$/.test(k)).sort();
  }, [speakerMap.data, diarization.data]);
  return { segments, speakers };
}
