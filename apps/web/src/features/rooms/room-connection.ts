/**
 * One participant's side of a Parley room call: the socket on the room namespace and a
 * WebRTC mesh with every other participant. A newcomer sends `livestream` to each one
 * present; each answers with an offer carrying its tracks. Signalling is accepted only from
 * a participant of the call and only when addressed to this one (spec 2 §7).
 */
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME,
  ROOM,
  ROOM_EVENTS as E,
  type RecordingState,
  type RoomHandshake,
  type RoomJoinAnswer,
  type RoomParticipant,
} from '@parley/contracts';

export interface ChatMessage {
  from: string;
  name: string;
  text: string;
  at: string;
}

export interface RoomCallbacks {
  onWelcome?(answer: RoomJoinAnswer): void;
  onParticipants?(people: RoomParticipant[]): void;
  onStream?(participantId: string, stream: MediaStream): void;
  onStreamGone?(participantId: string): void;
  onChat?(message: ChatMessage): void;
  onRecording?(state: RecordingState, reason: string | null): void;
  onBotState?(state: string, reason: string | null): void;
  onEnded?(reason: string): void;
  /** The server refused the connection, with its message ("This room is full…"). */
  onRefused?(message: string): void;
}

interface Peer {
  pc: RTCPeerConnection;
  pending: RTCIceCandidateInit[];
  stream: MediaStream;
}

interface Signal {
  from?: unknown;
  to?: unknown;
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit;
}

export class RoomConnection {
  readonly socket: Socket;
  self: RoomParticipant | null = null;
  private people = new Map<string, RoomParticipant>();
  private readonly peers = new Map<string, Peer>();
  private iceServers: RTCIceServer[] = [];
  /** The notetaker: it receives everyone's video but sends no camera. */
  private readonly isBot: boolean;

  constructor(
    auth: RoomHandshake,
    /** The tracks this participant sends (the bot: its voice only); null sends nothing. */
    private local: MediaStream | null,
    private readonly on: RoomCallbacks,
  ) {
    this.isBot = 'botToken' in auth;
    this.socket = io(ROOM.namespace, {
      path: REALTIME.path,
      auth,
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket.on('connect_error', (err: Error) => on.onRefused?.(err.message));
    this.socket.on('room:welcome', (answer: RoomJoinAnswer) => this.welcome(answer));
    this.socket.on(E.participants, (people: RoomParticipant[]) => this.participants(people));
    this.socket.on(E.livestream, (s: Signal) => void this.fromPeer(s, () => this.offerTo(s)));
    this.socket.on(E.offer, (s: Signal) => void this.fromPeer(s, () => this.answerTo(s)));
    this.socket.on(E.answer, (s: Signal) => void this.fromPeer(s, () => this.accept(s)));
    this.socket.on(E.candidate, (s: Signal) => void this.fromPeer(s, () => this.addCandidate(s)));
    this.socket.on(
      E.disconnectStream,
      (s: Signal) => void this.fromPeer(s, async () => this.drop(String(s.from))),
    );
    this.socket.on(E.chat, (m: ChatMessage) => on.onChat?.(m));
    this.socket.on(E.recording, (r: { state: RecordingState; reason: string | null }) =>
      on.onRecording?.(r.state, r.reason),
    );
    this.socket.on('room:bot', (b: { state: string; reason: string | null }) =>
      on.onBotState?.(b.state, b.reason),
    );
    this.socket.on(E.ended, (e: { reason: string }) => {
      this.closePeers();
      on.onEnded?.(e.reason);
    });
  }

  private welcome(answer: RoomJoinAnswer): void {
    this.self = answer.self ?? null;
    this.iceServers = (answer.iceServers ?? []) as RTCIceServer[];
    for (const p of answer.participants ?? []) this.people.set(p.id, p);
    this.on.onWelcome?.(answer);
    // Ask everyone already here for their stream (they offer).
    for (const p of answer.participants ?? []) {
      if (p.id !== this.self?.id) this.socket.emit(E.livestream, { to: p.id });
    }
  }

  private participants(people: RoomParticipant[]): void {
    this.people = new Map(people.map((p) => [p.id, p]));
    for (const id of [...this.peers.keys()]) if (!this.people.has(id)) this.drop(id);
    this.on.onParticipants?.(people);
  }

  /** Runs `handle` only for a message from a participant of this call, addressed to us. */
  private async fromPeer(s: Signal, handle: () => Promise<void>): Promise<void> {
    if (!s || typeof s.from !== 'string' || s.to !== this.self?.id) return;
    if (!this.people.has(s.from) || s.from === this.self?.id) return;
    try {
      await handle();
    } catch (err) {
      // Peer connection failures are only logged (spec 2 §8).
      console.warn('room: signalling failed', err);
    }
  }

  private peer(id: string): Peer {
    const existing = this.peers.get(id);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const peer: Peer = { pc, pending: [], stream: new MediaStream() };
    this.peers.set(id, peer);
    pc.onicecandidate = (e) => {
      if (e.candidate) this.socket.emit(E.candidate, { to: id, candidate: e.candidate.toJSON() });
    };
    pc.ontrack = (e) => {
      if (!peer.stream.getTracks().includes(e.track)) peer.stream.addTrack(e.track);
      this.on.onStream?.(id, peer.stream);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') console.warn('room: peer connection failed', id);
    };
    return peer;
  }

  private addLocalTracks(peer: Peer): void {
    if (!this.local) return;
    const sending = peer.pc.getSenders().map((s) => s.track);
    for (const track of this.local.getTracks()) {
      if (!sending.includes(track)) peer.pc.addTrack(track, this.local);
    }
  }

  private async offerTo(s: Signal): Promise<void> {
    const id = String(s.from);
    this.drop(id);
    const peer = this.peer(id);
    if (this.isBot || !this.local) {
      // The bot sends its voice (if any) and receives both kinds.
      const voice = this.local?.getAudioTracks()[0];
      if (voice && this.local) {
        peer.pc.addTransceiver(voice, { direction: 'sendrecv', streams: [this.local] });
      } else peer.pc.addTransceiver('audio', { direction: 'recvonly' });
      peer.pc.addTransceiver('video', { direction: 'recvonly' });
    } else this.addLocalTracks(peer);
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    this.socket.emit(E.offer, { to: id, description: peer.pc.localDescription?.toJSON() });
  }

  private async answerTo(s: Signal): Promise<void> {
    if (!s.description) return;
    const id = String(s.from);
    const peer = this.peer(id);
    await peer.pc.setRemoteDescription(s.description);
    this.addLocalTracks(peer);
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    this.socket.emit(E.answer, { to: id, description: peer.pc.localDescription?.toJSON() });
    await this.flush(peer);
  }

  private async accept(s: Signal): Promise<void> {
    const peer = this.peers.get(String(s.from));
    if (!peer || !s.description) return;
    await peer.pc.setRemoteDescription(s.description);
    await this.flush(peer);
  }

  private async addCandidate(s: Signal): Promise<void> {
    if (!s.candidate) return;
    const peer = this.peer(String(s.from));
    if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(s.candidate);
    else peer.pending.push(s.candidate);
  }

  private async flush(peer: Peer): Promise<void> {
    for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c);
  }

  private drop(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.pc.close();
    this.peers.delete(id);
    this.on.onStreamGone?.(id);
  }

  private closePeers(): void {
    for (const id of [...this.peers.keys()]) this.drop(id);
  }

  /** Replaces the sent camera or microphone track (a device picked during the call). */
  async replaceTrack(track: MediaStreamTrack): Promise<void> {
    for (const { pc } of this.peers.values()) {
      const sender = pc.getSenders().find((s) => s.track?.kind === track.kind);
      await sender?.replaceTrack(track);
    }
  }

  chat(text: string): void {
    this.socket.emit(E.chat, { text });
  }
  stopRecording(): void {
    this.socket.emit(E.stopRecording);
  }
  endForEveryone(): void {
    this.socket.emit(E.end);
  }
  participant(id: string): RoomParticipant | undefined {
    return this.people.get(id);
  }

  leave(): void {
    for (const id of this.peers.keys()) this.socket.emit(E.disconnectStream, { to: id });
    this.closePeers();
    this.socket.disconnect();
  }
}
