import { useEffect, useRef, useState } from 'react';
import { Mic, Video } from 'lucide-react';
import { ROOM_MESSAGES as M } from '@parley/contracts';
import { Button, Card, CheckboxField, Input, Label } from '../../ui';
import {
  listDevices,
  mediaErrorMessage,
  openMedia,
  stopStream,
  useMicLevel,
  type DeviceChoice,
  type DeviceLists,
} from './media-devices';

export interface JoinChoice {
  stream: MediaStream | null;
  name: string;
  recordWithBot: boolean;
}

interface PreJoinProps {
  meetingName: string;
  /** Guests type the name others see; signed-in people are known. */
  askName: boolean;
  isHost: boolean;
  /** Why the last attempt to join failed (the server's message). */
  refusal: string | null;
  joining: boolean;
  onJoin(choice: JoinChoice): void;
}

const selectClasses =
  'h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/** Camera and microphone check before joining: preview, pickers, a level meter. */
export function PreJoin({ meetingName, askName, isHost, refusal, joining, onJoin }: PreJoinProps) {
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: null, microphoneId: null });
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [] });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [recordWithBot, setRecordWithBot] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);
  const level = useMicLevel(stream);

  useEffect(() => {
    let current: MediaStream | null = null;
    let cancelled = false;
    setLoading(true);
    openMedia(choice)
      .then(async (s) => {
        if (cancelled) return stopStream(s);
        current = s;
        setStream(s);
        setProblem(null);
        setDevices(await listDevices());
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setStream(null);
        setProblem(mediaErrorMessage(err));
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
      if (!handedOver.current) stopStream(current);
    };
  }, [choice]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const join = () => {
    if (askName && name.trim() === '') return setNameError(M.nameRequired);
    handedOver.current = true;
    onJoin({ stream, name: name.trim(), recordWithBot: isHost && recordWithBot });
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 p-6 md:grid-cols-[3fr_2fr]">
      <Card className="overflow-hidden">
        <div className="relative aspect-video bg-black">
          <video
            ref={video}
            autoPlay
            muted
            playsInline
            aria-label="Your camera preview"
            className="size-full -scale-x-100 object-cover"
          />
          {loading ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-white/80">
              Starting camera and microphone…
            </p>
          ) : null}
          {problem ? (
            <p
              role="alert"
              className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-white"
            >
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 p-4">
          <Mic className="size-4 text-muted" aria-hidden />
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className="h-full bg-accent transition-[width] duration-75"
              style={{ width: `${Math.round(level * 100)}%` }}
            />
          </div>
        </div>
      </Card>

      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm text-muted">Ready to join?</p>
          <h1 className="text-xl font-semibold text-fg">{meetingName}</h1>
        </div>
        {askName ? (
          <div className="grid gap-1.5">
            <Label htmlFor="room-name">Your name</Label>
            <Input
              id="room-name"
              value={name}
              maxLength={60}
              autoComplete="name"
              aria-invalid={nameError ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(null);
              }}
            />
            {nameError ? <p className="text-sm text-danger">{nameError}</p> : null}
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="room-camera">
            <Video className="mr-1 inline size-4" aria-hidden /> Camera
          </Label>
          <select
            id="room-camera"
            className={selectClasses}
            value={choice.cameraId ?? stream?.getVideoTracks()[0]?.getSettings().deviceId ?? ''}
            disabled={devices.cameras.length === 0}
            onChange={(e) => setChoice((c) => ({ ...c, cameraId: e.target.value }))}
          >
            {devices.cameras.length === 0 ? <option value="">No camera</option> : null}
            {devices.cameras.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || `Camera ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="room-mic">
            <Mic className="mr-1 inline size-4" aria-hidden /> Microphone
          </Label>
          <select
            id="room-mic"
            className={selectClasses}
            value={choice.microphoneId ?? stream?.getAudioTracks()[0]?.getSettings().deviceId ?? ''}
            disabled={devices.microphones.length === 0}
            onChange={(e) => setChoice((c) => ({ ...c, microphoneId: e.target.value }))}
          >
            {devices.microphones.length === 0 ? <option value="">No microphone</option> : null}
            {devices.microphones.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || `Microphone ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
        {isHost ? (
          <CheckboxField
            label="Record with Parley Notetaker"
            checked={recordWithBot}
            onCheckedChange={setRecordWithBot}
          />
        ) : null}
        {refusal ? (
          <p
            role="alert"
            className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
          >
            {refusal}
          </p>
        ) : null}
        <Button onClick={join} loading={joining} disabled={loading}>
          {stream ? 'Join now' : 'Join without camera and microphone'}
        </Button>
      </div>
    </div>
  );
}
