import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import {
  AVATAR_BOT_SENDER,
  AVATAR_EVENTS,
  AVATAR_NARROW_PX,
  avatarResponseEvent,
} from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { openMeetingChannel } from '../../lib/realtime';
import { useViewportWidth } from '../../lib/use-viewport-width';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAvatar, speakAs } from './api';
import { AvatarStage } from './AvatarStage';
import { Poster } from './Poster';
import { createSpeaker } from './speaker';

/** Spec 2 §9: the avatar's width on a wide screen; under 470 px, the viewport minus 50 px. */
const AVATAR_WIDTH_PX = 440;
export const avatarWidth = (viewport: number) =>
  viewport < AVATAR_NARROW_PX ? Math.max(120, viewport - 50) : AVATAR_WIDTH_PX;

/**
 * /avatar/{id} and /avatar_gox/{id} (spec 2 §2): the avatar, speaking the text the backend sends
 * on the meeting's realtime channel (`?meeting=`). Before anything plays, the poster shows.
 * interrupt_task: /avatar cuts the speech off (its interrupt call); /avatar_gox restarts its
 * connection to the channel as well, dropping anything still queued.
 */
export default function AvatarPage() {
  const { id } = useParams();
  const gox = useLocation().pathname.startsWith('/avatar_gox');
  const [search] = useSearchParams();
  const meetingId = search.get('meeting');
  const sender = search.get('from') ?? AVATAR_BOT_SENDER;
  const userId = useAuth().user?.id ?? null;
  const avatar = useAvatar(id);
  const width = avatarWidth(useViewportWidth());
  const speaker = useMemo(() => createSpeaker(), []);
  const [started, setStarted] = useState(false);
  const [connection, setConnection] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  useDocumentTitle(avatar.data?.name ?? 'Avatar');
  useEffect(() => () => speaker.dispose(), [speaker]);

  const say = useCallback(
    (text: string) => {
      if (!id) return;
      setStarted(true);
      setSaid(text);
      speaker.enqueue(speakAs(id, text)).catch(() => undefined);
    },
    [id, speaker],
  );
  const sayRef = useRef(say);
  sayRef.current = say;

  useEffect(() => {
    if (!meetingId || !userId) return;
    const channel = openMeetingChannel({
      meetingId,
      closeOnTerminal: false,
      events: [AVATAR_EVENTS.response, AVATAR_EVENTS.interrupt],
      onEvent(name, payload) {
        const p = payload as { from?: unknown; to?: unknown } | null;
        // Spec 2 §7: only the bot's messages to this user count.
        if (!p || p.from !== sender || p.to !== userId) return;
        if (name === AVATAR_EVENTS.interrupt) {
          speaker.stop();
          if (gox) setConnection((n) => n + 1);
          return;
        }
        const event = avatarResponseEvent.safeParse(payload);
        if (event.success) sayRef.current(event.data.text);
      },
    });
    return () => channel.close();
  }, [meetingId, userId, sender, gox, speaker, connection]);

  const playing = useCallback(() => speaker.current(), [speaker]);
  const ready = avatar.data && started;

  return (
    <div className="flex min-h-dvh items-center justify-center bg-bg p-4">
      <main className="flex flex-col items-center gap-3" style={{ width }}>
        {ready && avatar.data ? (
          <AvatarStage avatar={avatar.data} playing={playing} className="w-full shadow-sm" />
        ) : (
          <Poster
            width={width}
            state={avatar.isError ? 'failed' : avatar.data ? 'waiting' : 'loading'}
            onStart={
              avatar.data
                ? () => say(avatar.data.startPhrase || `Hello, I am ${avatar.data.name}.`)
                : undefined
            }
          />
        )}
        <p className="sr-only" aria-live="polite">
          {said ?? ''}
        </p>
      </main>
    </div>
  );
}
