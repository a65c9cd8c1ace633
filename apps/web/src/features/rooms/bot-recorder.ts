/**
 * The Parley Notetaker's recorder, in the bot page its headless Chromium opens: everyone's
 * audio mixed and their video tiled on a canvas go to a MediaRecorder whose one-second slices
 * are sent as they come; each participant's own audio is turned into 16 kHz mono Int16 by an
 * AudioWorklet and sent under their participant id.
 */
import { ROOM } from '@parley/contracts';

/** The worklet, a static file of this origin (the CSP allows no blob: or data: scripts). */
const PCM_WORKLET_URL = '/worklets/pcm16k.js';

interface Source {
  video: HTMLVideoElement;
  nodes: AudioNode[];
}

export interface RecorderSinks {
  chunk(seq: number, data: ArrayBuffer): void;
  pcm(participantId: string, pcm: ArrayBuffer): void;
}

export class BotRecorder {
  private readonly ctx = new AudioContext();
  private readonly mix = this.ctx.createMediaStreamDestination();
  private readonly silent = this.ctx.createGain();
  private readonly canvas = document.createElement('canvas');
  private readonly sources = new Map<string, Source>();
  private readonly ready: Promise<void>;
  private recorder: MediaRecorder | null = null;
  private seq = 0;
  private sending: Promise<void> = Promise.resolve();
  private stopped = false;
  private drawTimer = 0;

  constructor(private readonly sinks: RecorderSinks) {
    this.canvas.width = 640;
    this.canvas.height = 360;
    this.silent.gain.value = 0;
    this.silent.connect(this.ctx.destination);
    this.ready = this.ctx.audioWorklet.addModule(PCM_WORKLET_URL);
  }

  async start(): Promise<void> {
    await this.ready;
    await this.ctx.resume();
    const video = this.canvas.captureStream(15).getVideoTracks()[0];
    const audio = this.mix.stream.getAudioTracks()[0];
    const tracks = [video, audio].filter((t): t is MediaStreamTrack => Boolean(t));
    const mimeType = ['video/webm;codecs=vp8,opus', 'video/webm'].find((t) =>
      MediaRecorder.isTypeSupported(t),
    );
    this.recorder = new MediaRecorder(new MediaStream(tracks), {
      ...(mimeType ? { mimeType } : {}),
      videoBitsPerSecond: 600_000,
    });
    this.recorder.ondataavailable = (e) => {
      if (this.stopped || e.data.size === 0) return;
      const seq = this.seq++;
      // In order: each slice waits for the one before it.
      this.sending = this.sending.then(async () =>
        this.sinks.chunk(seq, await e.data.arrayBuffer()),
      );
    };
    this.recorder.start(ROOM.recorderSliceMs);
    this.drawTimer = window.setInterval(() => this.draw(), 1000 / 15);
  }

  async add(participantId: string, stream: MediaStream): Promise<void> {
    await this.ready;
    const known = this.sources.get(participantId);
    if (known) {
      if (known.video.srcObject !== stream) known.video.srcObject = stream;
      if (known.nodes.length > 0 || stream.getAudioTracks().length === 0) return;
    }
    const video = known?.video ?? document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.srcObject = stream;
    void video.play().catch(() => {});
    const nodes: AudioNode[] = [];
    const track = stream.getAudioTracks()[0];
    if (track && !this.stopped) {
      const source = this.ctx.createMediaStreamSource(new MediaStream([track]));
      const pcm = new AudioWorkletNode(this.ctx, 'pcm16k');
      pcm.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
        if (!this.stopped) this.sinks.pcm(participantId, e.data);
      };
      source.connect(this.mix);
      source.connect(pcm);
      // Pulled by the graph only when it leads to the destination: through a silent gain.
      pcm.connect(this.silent);
      nodes.push(source, pcm);
    }
    this.sources.set(participantId, { video, nodes });
  }

  remove(participantId: string): void {
    const s = this.sources.get(participantId);
    if (!s) return;
    for (const n of s.nodes) n.disconnect();
    s.video.srcObject = null;
    this.sources.delete(participantId);
  }

  private draw(): void {
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.fillStyle = '#111';
    g.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const tiles = [...this.sources.values()].filter((s) => s.video.readyState >= 2);
    if (tiles.length === 0) return;
    const cols = Math.ceil(Math.sqrt(tiles.length));
    const rows = Math.ceil(tiles.length / cols);
    const w = this.canvas.width / cols;
    const h = this.canvas.height / rows;
    tiles.forEach((s, i) => {
      g.drawImage(s.video, (i % cols) * w, Math.floor(i / cols) * h, w, h);
    });
  }

  /** Consent withdrawn: nothing more is recorded or sent, from this moment. */
  stopNow(): void {
    this.stopped = true;
    this.recorder?.stop();
    for (const id of [...this.sources.keys()]) this.remove(id);
    window.clearInterval(this.drawTimer);
  }

  /** The call ended: the recorder's last slice is sent, then it stops. */
  async finish(): Promise<void> {
    const recorder = this.recorder;
    if (recorder && recorder.state !== 'inactive' && !this.stopped) {
      await new Promise<void>((resolve) => {
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      });
    }
    await this.sending;
    this.stopped = true;
    window.clearInterval(this.drawTimer);
    await this.ctx.close();
  }
}
