import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RecordingState, RoomHandshake, RoomParticipant } from '@parley/contracts';
import { CallView, type CallViewProps } from './CallView';
import { PreJoin, type JoinChoice } from './PreJoin';
import { stopStream } from './media-devices';
import { RoomConnection, type ChatMessage } from './room-connection';

interface RoomScreenProps {
  meetingName: string;
  isHost: boolean;
  askName: boolean;
  /** The handshake for a join (the name and bot choice are added here). */
  handshake(choice: JoinChoice): RoomHandshake;
  /** What to show once the call ended or this person left. */
  after(reason: string): ReactNode;
  /** Shown beside the call's video while it runs (the live transcript, for members). */
  live?: ReactNode;
  /** Drawn over the participant's own video (live physiology's face guide). */
  selfOverlay?: CallViewProps['selfOverlay'];
}

type Stage =
  | { kind: 'prejoin' }
  | { kind: 'joining'; choice: JoinChoice }
  | { kind: 'call'; self: RoomParticipant; stream: MediaStream | null }
  | { kind: 'over'; reason: string };

/** Pre-join, then the call, then what comes after: one person's path through a room. */
export function RoomScreen({
  meetingName,
  isHost,
  askName,
  handshake,
  after,
  live,
  selfOverlay,
}: RoomScreenProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'prejoin' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [people, setPeople] = useState<RoomParticipant[]>([]);
  const [streams, setStreams] = useState(new Map<string, MediaStream>());
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [recording, setRecording] = useState<RecordingState>('off');
  const [recordingNote, setRecordingNote] = useState<string | null>(null);
  const [botNote, setBotNote] = useState<string | null>(null);
  const connection = useRef<RoomConnection | null>(null);
  const local = useRef<MediaStream | null>(null);

  const finish = useCallback((reason: string) => {
    connection.current?.leave();
    connection.current = null;
    stopStream(local.current);
    local.current = null;
    setStage({ kind: 'over', reason });
  }, []);

  const join = (choice: JoinChoice) => {
    setRefusal(null);
    local.current = choice.stream;
    setStage({ kind: 'joining', choice });
    const c = new RoomConnection(handshake(choice), choice.stream, {
      onWelcome: (answer) => {
        setPeople(answer.participants ?? []);
        setRecording(answer.recording ?? 'off');
        if (answer.self) setStage({ kind: 'call', self: answer.self, stream: choice.stream });
      },
      onRefused: (message) => {
        c.leave();
        connection.current = null;
        setRefusal(message);
        setStage({ kind: 'prejoin' });
      },
      onParticipants: setPeople,
      onStream: (id, stream) => setStreams((m) => new Map(m).set(id, stream)),
      onStreamGone: (id) =>
        setStreams((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        }),
      onChat: (m) => setChat((list) => [...list, m]),
      onRecording: (state, reason) => {
        setRecording(state);
        if (reason) setRecordingNote(reason);
      },
      onBotState: (state, reason) =>
        setBotNote(
          state === 'failed'
            ? `Parley Notetaker could not record: ${reason ?? 'unknown reason'}`
            : null,
        ),
      onEnded: (reason) => finish(reason),
    });
    connection.current = c;
  };

  // Leaving the page leaves the call and frees the camera (no state to set any more).
  useEffect(
    () => () => {
      connection.current?.leave();
      stopStream(local.current);
    },
    [],
  );

  if (stage.kind === 'over') return <>{after(stage.reason)}</>;
  if (stage.kind === 'call' && connection.current) {
    return (
      <CallView
        meetingName={meetingName}
        connection={connection.current}
        self={stage.self}
        local={stage.stream}
        people={people}
        streams={streams}
        chat={chat}
        recording={recording}
        recordingNote={recordingNote}
        botNote={botNote}
        live={live}
        {...(selfOverlay ? { selfOverlay } : {})}
        onLeave={() => finish('You left the call.')}
      />
    );
  }
  return (
    <PreJoin
      meetingName={meetingName}
      askName={askName}
      isHost={isHost}
      refusal={refusal}
      joining={stage.kind === 'joining'}
      onJoin={join}
    />
  );
}
