/** Camera and microphone for the pre-join page and the call, with messages people can act on. */
import { useEffect, useRef, useState } from 'react';
import { ROOM_MESSAGES as M } from '@parley/contracts';

export interface DeviceChoice {
  cameraId: string | null;
  microphoneId: string | null;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** The message for a failed getUserMedia (spec-style, one sentence people can act on). */
export function mediaErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return M.permissionDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return M.noDevice;
  if (name === 'NotReadableError' || name === 'AbortError') return M.deviceBusy;
  if (typeof navigator === 'undefined' || !navigator.mediaDevices) return M.noDevice;
  return err instanceof Error ? err.message : M.noDevice;
}

export async function openMedia(choice: DeviceChoice): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('no media devices', 'NotFoundError');
  }
  return navigator.mediaDevices.getUserMedia({
    audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
    video: choice.cameraId
      ? { deviceId: { exact: choice.cameraId }, width: 640, height: 360 }
      : { width: 640, height: 360 },
  });
}

export async function listDevices(): Promise<DeviceLists> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((d) => d.kind === 'videoinput'),
    microphones: all.filter((d) => d.kind === 'audioinput'),
  };
}

export const stopStream = (stream: MediaStream | null) =>
  stream?.getTracks().forEach((t) => t.stop());

/** The microphone's level, 0–1, read about 20 times a second. */
export function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const frame = useRef<number | null>(null);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!track || typeof AudioContext === 'undefined') return;
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += v * v;
      // RMS scaled so ordinary speech fills most of the bar.
      setLevel(Math.min(1, Math.sqrt(sum / data.length) * 4));
    }, 50);
    frame.current = timer;
    return () => {
      window.clearInterval(timer);
      void ctx.close();
    };
  }, [stream]);
  return level;
}
