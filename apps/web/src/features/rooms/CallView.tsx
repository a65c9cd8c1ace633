import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Circle, LogOut, Mic, MicOff, PhoneOff, Send, Square, Video, VideoOff } from 'lucide-react';
import { ROOM_MESSAGES as M, type RecordingState, type RoomParticipant } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Button, Input } from '../../ui';
import type { ChatMessage, RoomConnection } from './room-connection';

export interface CallViewProps {
  meetingName: string;
  connection: RoomConnection;
  self: RoomParticipant;
  local: MediaStream | null;
  people: RoomParticipant[];
  streams: Map<string, MediaStream>;
  chat: ChatMessage[];
  recording: RecordingState;
  recordingNote: string | null;
  botNote: string | null;
  /** The live transcript and cards, for participants who may read the meeting. */
  live?: ReactNode;
  /** Drawn over the participant's own video (the face guide while physiology capture runs). */
  selfOverlay?: (video: RefObject<HTMLVideoElement | null>) => ReactNode;
  onLeave(): void;
}

function Tile({
  name,
  stream,
  muted,
  mirrored,
  note,
  voice,
  overlay,
}: {
  name: string;
  stream: MediaStream | null;
  muted?: boolean;
  mirrored?: boolean;
  note?: string;
  /** Sound without a picture (the notetaker's voice). */
  voice?: MediaStream | null;
  overlay?: (video: RefObject<HTMLVideoElement | null>) => ReactNode;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const sound = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
    if (sound.current && sound.current.srcObject !== (voice ?? null)) {
      sound.current.srcObject = voice ?? null;
    }
  });
  return (
    <figure className="relative aspect-video overflow-hidden rounded-lg bg-neutral-900">
      {stream ? (
        <video
          ref={ref}
          autoPlay
          playsInline
          muted={muted}
          data-participant-name={name}
          className={cn('size-full object-cover', mirrored && '-scale-x-100')}
        />
      ) : (
        <div className="grid size-full place-items-center text-3xl font-semibold text-white/70">
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      {voice ? <audio ref={sound} autoPlay className="hidden" /> : null}
      {stream && overlay ? overlay(ref) : null}
      <figcaption className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
        {name}
        {note ? <span className="ml-1 text-white/70">· {note}</span> : null}
      </figcaption>
    </figure>
  );
}

/** The call: everyone's video, the controls, the chat and the recording's state. */
export function CallView(props: CallViewProps) {
  const { connection, self, local, people, streams, chat, recording } = props;
  const [micOn, setMicOn] = useState(true);
  const [camOn, setCamOn] = useState(true);
  const [draft, setDraft] = useState('');
  const others = people.filter((p) => p.id !== self.id);

  const toggle = (kind: 'audio' | 'video', on: boolean) => {
    local
      ?.getTracks()
      .filter((t) => t.kind === kind)
      .forEach((t) => (t.enabled = on));
    (kind === 'audio' ? setMicOn : setCamOn)(on);
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) connection.chat(draft.trim());
    setDraft('');
  };
  const recordingLabel =
    recording === 'recording'
      ? 'Recording'
      : recording === 'starting'
        ? 'Parley Notetaker is joining…'
        : null;

  return (
    // On a phone the page scrolls as a whole (nested scroll areas left the live cards a
    // sliver under the videos) and the controls stay at the bottom; wider, it fills the screen.
    <div className="flex min-h-dvh flex-col bg-bg md:h-dvh">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-2">
        <h1 className="text-base font-semibold text-fg">{props.meetingName}</h1>
        <span className="text-sm text-muted">
          {people.filter((p) => p.role !== 'bot').length} in the call
        </span>
        {recordingLabel ? (
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-medium text-danger"
            role="status"
          >
            <Circle className="size-2.5 fill-current" aria-hidden /> {recordingLabel}
          </span>
        ) : null}
        {recording === 'stopped' ? (
          <span role="status" className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs text-fg">
            {props.recordingNote ?? M.recordingStopped}
          </span>
        ) : null}
        {props.botNote ? <span className="text-xs text-danger">{props.botNote}</span> : null}
      </header>

      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <div className="flex min-h-0 flex-1 flex-col gap-4 p-4 md:overflow-auto">
          <main
            className="grid auto-rows-min grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
            aria-label="Participants"
          >
            <Tile
              name={`${self.name} (you)`}
              stream={camOn ? local : null}
              muted
              mirrored
              {...(props.selfOverlay ? { overlay: props.selfOverlay } : {})}
            />
            {others.map((p) =>
              p.role === 'bot' ? (
                <Tile
                  key={p.id}
                  name={p.name}
                  stream={null}
                  voice={streams.get(p.id) ?? null}
                  note={
                    recording === 'recording'
                      ? 'recording'
                      : recording === 'stopped'
                        ? 'not recording'
                        : undefined
                  }
                />
              ) : (
                <Tile key={p.id} name={p.name} stream={streams.get(p.id) ?? null} />
              ),
            )}
          </main>
          {props.live ? (
            <section aria-label="Live transcript and analytics">{props.live}</section>
          ) : null}
        </div>

        <aside
          className="flex w-full flex-col border-t border-border md:w-80 md:border-t-0 md:border-l"
          aria-label="Chat"
        >
          <h2 className="px-4 pt-3 text-sm font-semibold text-fg">Chat</h2>
          <ol className="flex-1 space-y-2 overflow-auto px-4 py-2 text-sm" aria-live="polite">
            {chat.length === 0 ? <li className="text-muted">No messages yet.</li> : null}
            {chat.map((m) => (
              <li key={`${m.at}-${m.from}-${m.text}`}>
                <span className="font-medium text-fg">{m.name}</span>{' '}
                <span className="text-fg/90">{m.text}</span>
              </li>
            ))}
          </ol>
          <form onSubmit={send} className="flex gap-2 border-t border-border p-3">
            <Input
              aria-label="Message"
              value={draft}
              maxLength={1000}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit" size="icon" variant="secondary" aria-label="Send">
              <Send aria-hidden />
            </Button>
          </form>
        </aside>
      </div>

      <footer className="sticky bottom-0 z-10 flex flex-wrap items-center justify-center gap-2 border-t border-border bg-bg p-3">
        <Button
          variant="secondary"
          onClick={() => toggle('audio', !micOn)}
          aria-pressed={!micOn}
          disabled={!local}
        >
          {micOn ? <Mic aria-hidden /> : <MicOff aria-hidden />} {micOn ? 'Mute' : 'Unmute'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => toggle('video', !camOn)}
          aria-pressed={!camOn}
          disabled={!local}
        >
          {camOn ? <Video aria-hidden /> : <VideoOff aria-hidden />}{' '}
          {camOn ? 'Camera off' : 'Camera on'}
        </Button>
        {recording === 'recording' || recording === 'starting' ? (
          <Button variant="secondary" onClick={() => connection.stopRecording()}>
            <Square aria-hidden /> Stop recording
          </Button>
        ) : null}
        <Button variant="secondary" onClick={props.onLeave}>
          <LogOut aria-hidden /> Leave
        </Button>
        {self.role === 'host' ? (
          <Button variant="danger" onClick={() => connection.endForEveryone()}>
            <PhoneOff aria-hidden /> End for everyone
          </Button>
        ) : null}
      </footer>
    </div>
  );
}
