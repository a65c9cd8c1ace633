import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SpeechClip } from '@parley/contracts';
import { toast } from '../../lib/toast';
import { createSpeaker } from './speaker';

/** Plays one preview at a time; `playingId` says which row's is loading or playing. */
export function usePreview() {
  const speaker = useMemo(() => createSpeaker(), []);
  const [playingId, setPlayingId] = useState<string | null>(null);
  useEffect(() => () => speaker.dispose(), [speaker]);

  const play = useCallback(
    async (id: string, load: () => Promise<SpeechClip>) => {
      speaker.stop();
      setPlayingId(id);
      try {
        await speaker.enqueue(load());
      } catch {
        toast({ title: 'The preview could not be played', variant: 'error' });
      } finally {
        setPlayingId((current) => (current === id ? null : current));
      }
    },
    [speaker],
  );
  const stop = useCallback(() => {
    speaker.stop();
    setPlayingId(null);
  }, [speaker]);
  return { play, stop, playingId, current: speaker.current };
}
