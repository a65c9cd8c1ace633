/**
 * Logic of the offline video player (spec 2 §2 "Offline video player", §3 Video state, §4, §9),
 * kept pure so it is tested without a media element.
 */

export const PLAYER = {
  pollMs: 100,
  skipSeconds: 10,
  /** Arrow keys on the seek bar. */
  seekKeySeconds: 5,
  volumeStep: 0.01,
  defaultVolume: 0.5,
  sharedViewVolume: 1,
  /** Volume slider vertical at or below this width. */
  narrowVolumePx: 460,
  /** Below this width the player is the viewport width minus the margin. */
  narrowWidthPx: 470,
  narrowMarginPx: 50,
} as const;

export const NO_SOURCE_MESSAGE = 'Participant did not join.';

export interface VideoState {
  currentTime: number;
  duration: number;
  volume: number;
  isPlaying: boolean;
  isMuted: boolean;
  /** The volume to restore on unmute. */
  previousVolume: number;
}

export type PlayerAction =
  | { type: 'reset'; volume: number }
  | { type: 'loaded'; duration: number }
  | { type: 'time'; currentTime: number }
  | { type: 'playing'; playing: boolean }
  | { type: 'ended' }
  | { type: 'seek'; time: number }
  | { type: 'toggle-mute' }
  | { type: 'volume'; volume: number; unmute?: boolean };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const finite = (v: number, fallback = 0) => (Number.isFinite(v) ? v : fallback);

export function clampVolume(v: number): number {
  return clamp(finite(v), 0, 1);
}

/** Paused at the start with the given volume (0.5 own player, 1 shared view). */
export function initialVideoState(volume: number = PLAYER.defaultVolume): VideoState {
  const v = clampVolume(volume);
  return {
    currentTime: 0,
    duration: 0,
    volume: v,
    isPlaying: false,
    isMuted: false,
    previousVolume: v || PLAYER.defaultVolume,
  };
}

export function clampTime(time: number, duration: number): number {
  const max = duration > 0 && Number.isFinite(duration) ? duration : Number.MAX_SAFE_INTEGER;
  return clamp(finite(time), 0, max);
}

export function playerReducer(state: VideoState, action: PlayerAction): VideoState {
  switch (action.type) {
    case 'reset':
      return initialVideoState(action.volume);
    case 'loaded':
      return { ...state, duration: Math.max(0, finite(action.duration)) };
    case 'time':
      return { ...state, currentTime: clampTime(action.currentTime, state.duration) };
    case 'seek':
      return { ...state, currentTime: clampTime(action.time, state.duration) };
    case 'playing':
      return { ...state, isPlaying: action.playing };
    case 'ended':
      return { ...state, isPlaying: false };
    case 'toggle-mute':
      // Muting sets the volume to 0; unmuting restores the volume before it.
      if (state.isMuted || state.volume === 0) {
        const restored = state.previousVolume > 0 ? state.previousVolume : PLAYER.defaultVolume;
        return { ...state, isMuted: false, volume: restored };
      }
      return { ...state, isMuted: true, previousVolume: state.volume, volume: 0 };
    case 'volume': {
      const volume = clampVolume(action.volume);
      const unmute = action.unmute !== false;
      return {
        ...state,
        volume,
        isMuted: volume === 0 ? true : unmute ? false : state.isMuted,
        previousVolume: volume > 0 ? volume : state.previousVolume,
      };
    }
  }
}

/** Skip back or forward by 10 s (or `seconds`), inside the video. */
export function skipTime(current: number, duration: number, seconds: number): number {
  return clampTime(current + seconds, duration);
}

/** The seek bar's keyboard: arrows by 5 s, Page keys by 10 %, Home and End. Null for other keys. */
export function seekTimeForKey(key: string, current: number, duration: number): number | null {
  const page = Math.max(PLAYER.skipSeconds, duration / 10);
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampTime(current - PLAYER.seekKeySeconds, duration);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampTime(current + PLAYER.seekKeySeconds, duration);
    case 'PageDown':
      return clampTime(current - page, duration);
    case 'PageUp':
      return clampTime(current + page, duration);
    case 'Home':
      return 0;
    case 'End':
      return duration > 0 ? duration : null;
    default:
      return null;
  }
}

/** The time under a pointer at clientX over a bar spanning [left, left + width]. */
export function timeAtPosition(clientX: number, left: number, width: number, duration: number) {
  if (!(width > 0) || !(duration > 0)) return 0;
  return clampTime(((clientX - left) / width) * duration, duration);
}

export interface Segment {
  start: number;
  end: number;
  /** Colour slot in the speaker cycle; the segment's index when absent. */
  color?: number;
  /** Who speaks (the segment's tooltip). */
  label?: string;
}

/** A moment marked on the seek bar (a tracker mention); the label is its tooltip. */
export interface Tick {
  time: number;
  label: string;
}

/** A highlight segment's place on the seek bar in percent; null when it falls outside. */
export function segmentPosition(segment: Segment, duration: number) {
  if (!(duration > 0)) return null;
  const start = clamp(finite(segment.start), 0, duration);
  const end = clamp(finite(segment.end), 0, duration);
  if (end <= start) return null;
  return { left: (start / duration) * 100, width: ((end - start) / duration) * 100 };
}

/** The five-colour speaker cycle (DESIGN.md), as CSS variables defined for both themes. */
export const SPEAKER_COLORS = [
  'var(--speaker-1)',
  'var(--speaker-2)',
  'var(--speaker-3)',
  'var(--speaker-4)',
  'var(--speaker-5)',
] as const;

export function speakerColor(index: number): string {
  const i = Math.abs(Math.trunc(finite(index)));
  return SPEAKER_COLORS[i % SPEAKER_COLORS.length] ?? SPEAKER_COLORS[0];
}

/**
 * A speaker's slot in the colour cycle from its key: speaker_NN is NN, so the seek bar, the
 * transcript and the charts agree without sharing state; other keys hash to a stable slot.
 */
export function speakerColorIndex(speaker: string): number {
  const m = /^speaker_(\d+)$/.exec(speaker);
  if (m) return Number(m[1]);
  let h = 0;
  for (const ch of speaker) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h % SPEAKER_COLORS.length;
}

/** The colour of a speaker key (see speakerColorIndex). */
export function speakerColorFor(speaker: string): string {
  return speakerColor(speakerColorIndex(speaker));
}

/** Width of the player: below 470 px the viewport width minus 50 px; otherwise its container's. */
export function playerWidth(viewportWidth: number): number | null {
  return viewportWidth < PLAYER.narrowWidthPx
    ? Math.max(0, viewportWidth - PLAYER.narrowMarginPx)
    : null;
}

export function isVolumeVertical(viewportWidth: number): boolean {
  return viewportWidth <= PLAYER.narrowVolumePx;
}

/** Space or K, without modifiers: play or pause. */
export function isPlayPauseKey(e: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  return e.key === ' ' || e.key === 'k' || e.key === 'K';
}

/**
 * Where a shortcut must not fire: while typing, inside a dialog, and — for space, which
 * activates them natively — on buttons, links and menu items.
 */
export function isShortcutBlocked(target: EventTarget | null, key = ' '): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (
    el.closest(
      'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]',
    )
  )
    return true;
  if (key !== ' ') return false;
  return (
    el.closest(
      'button, a[href], [role="button"], [role="menuitem"], [role="option"], [role="switch"], [role="checkbox"]',
    ) !== null
  );
}
