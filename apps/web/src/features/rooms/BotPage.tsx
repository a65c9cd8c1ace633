import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ROOM_EVENTS as E, ROOM_MESSAGES as M } from '@parley/contracts';
import { BotRecorder } from './bot-recorder';
import { BotVoice } from './bot-voice';
import { RoomConnection } from './room-connection';

/**
 * /rooms/:meetingId/bot/:pass: the page the Parley Notetaker's headless Chromium opens. It
 * joins as the bot, says so in the chat and aloud, records, and streams each participant's
 * audio.
 */
export function BotPage() {
  const { meetingId = '', pass = '' } = useParams();
  const [status, setStatus] = useState('Joining…');

  useEffect(() => {
    let recorder: BotRecorder | null = null;
    // The bot publishes one track: its voice, which says the announcement aloud.
    const voice = new BotVoice();
    const connection = new RoomConnection({ meetingId, botToken: pass }, voice.stream, {
      onWelcome: () => {
        connection.chat(M.botAnnouncement);
        recorder = new BotRecorder({
          chunk: (seq, data) => connection.socket.emit(E.botChunk, { seq, data }),
          pcm: (participantId, pcm) => connection.socket.emit(E.botAudio, { participantId, pcm }),
        });
        recorder
          .start()
          .then(() => {
            connection.socket.emit(E.botRecording);
            setStatus('Recording');
          })
          .catch((err: unknown) => setStatus(`Recorder failed: ${String(err)}`));
      },
      onStream: (id, stream) => void recorder?.add(id, stream),
      onStreamGone: (id) => recorder?.remove(id),
      onRefused: (message) => setStatus(message),
      onEnded: () => setStatus('Call ended'),
    });
    connection.socket.on(E.botStop, () => {
      recorder?.stopNow();
      setStatus('Recording stopped');
    });
    connection.socket.on(E.botSay, (msg: { wav?: ArrayBuffer }) => {
      if (msg?.wav instanceof ArrayBuffer) void voice.say(msg.wav);
    });
    connection.socket.on(E.botFinish, (ack: () => void) => {
      void (recorder?.finish() ?? Promise.resolve()).finally(() => ack());
    });
    return () => {
      connection.leave();
      voice.close();
    };
  }, [meetingId, pass]);

  return (
    <main className="grid min-h-dvh place-items-center bg-bg text-fg">
      <p role="status" data-bot-status={status}>
        Parley Notetaker · {status}
      </p>
    </main>
  );
}
export default BotPage;
