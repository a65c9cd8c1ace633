import { describe, expect, it } from 'vitest';
import {
  NO_SOURCE_MESSAGE,
  PLAYER,
  initialVideoState,
  isPlayPauseKey,
  isShortcutBlocked,
  isVolumeVertical,
  playerReducer,
  playerWidth,
  seekTimeForKey,
  segmentPosition,
  skipTime,
  speakerColor,
  timeAtPosition,
  type VideoState,
} from './player';

const loaded = (volume?: number): VideoState =>
  playerReducer(initialVideoState(volume), { type: 'loaded', duration: 100 });

describe('player state (spec 2 §3, §4)', () => {
  it('starts paused at 0 with volume 0.5, or 1 in the shared view', () => {
    expect(initialVideoState()).toMatchObject({
      currentTime: 0,
      isPlaying: false,
      volume: 0.5,
      isMuted: false,
    });
    expect(initialVideoState(PLAYER.sharedViewVolume).volume).toBe(1);
    const playing = playerReducer(loaded(), { type: 'playing', playing: true });
    expect(playerReducer(playing, { type: 'reset', volume: 0.5 })).toEqual(initialVideoState());
  });

  it('sets the duration on metadata and stops playing at the end', () => {
    const s = loaded();
    expect(s.duration).toBe(100);
    const playing = playerReducer(s, { type: 'playing', playing: true });
    expect(playerReducer(playing, { type: 'ended' }).isPlaying).toBe(false);
  });

  it('keeps the polled time inside the video', () => {
    expect(playerReducer(loaded(), { type: 'time', currentTime: 42.5 }).currentTime).toBe(42.5);
    expect(playerReducer(loaded(), { type: 'time', currentTime: 130 }).currentTime).toBe(100);
    expect(playerReducer(loaded(), { type: 'seek', time: -3 }).currentTime).toBe(0);
    expect(playerReducer(loaded(), { type: 'time', currentTime: Number.NaN }).currentTime).toBe(0);
  });

  it('mutes to volume 0 and restores the previous volume on unmute', () => {
    let s = playerReducer(loaded(), { type: 'volume', volume: 0.8 });
    s = playerReducer(s, { type: 'toggle-mute' });
    expect(s).toMatchObject({ isMuted: true, volume: 0 });
    s = playerReducer(s, { type: 'toggle-mute' });
    expect(s).toMatchObject({ isMuted: false, volume: 0.8 });
  });

  it('unmutes when the volume is raised above 0, mutes at 0', () => {
    let s = playerReducer(loaded(1), { type: 'toggle-mute' });
    s = playerReducer(s, { type: 'volume', volume: 0.3 });
    expect(s).toMatchObject({ isMuted: false, volume: 0.3 });
    s = playerReducer(s, { type: 'volume', volume: 0 });
    expect(s).toMatchObject({ isMuted: true, volume: 0 });
    // Unmuting from a slider dragged to 0 restores the last audible volume.
    expect(playerReducer(s, { type: 'toggle-mute' })).toMatchObject({
      isMuted: false,
      volume: 0.3,
    });
    expect(playerReducer(s, { type: 'volume', volume: 7 }).volume).toBe(1);
  });
});

describe('player controls', () => {
  it('skips 10 s within the video', () => {
    expect(skipTime(5, 100, -PLAYER.skipSeconds)).toBe(0);
    expect(skipTime(50, 100, PLAYER.skipSeconds)).toBe(60);
    expect(skipTime(95, 100, PLAYER.skipSeconds)).toBe(100);
  });

  it('moves the seek bar with the keyboard', () => {
    expect(seekTimeForKey('ArrowRight', 10, 100)).toBe(15);
    expect(seekTimeForKey('ArrowLeft', 3, 100)).toBe(0);
    expect(seekTimeForKey('ArrowUp', 99, 100)).toBe(100);
    expect(seekTimeForKey('PageUp', 10, 300)).toBe(40);
    expect(seekTimeForKey('PageDown', 10, 50)).toBe(0);
    expect(seekTimeForKey('Home', 40, 100)).toBe(0);
    expect(seekTimeForKey('End', 40, 100)).toBe(100);
    expect(seekTimeForKey('a', 40, 100)).toBeNull();
  });

  it('maps a click on the bar to a time', () => {
    expect(timeAtPosition(150, 100, 200, 60)).toBe(15);
    expect(timeAtPosition(50, 100, 200, 60)).toBe(0);
    expect(timeAtPosition(400, 100, 200, 60)).toBe(60);
    expect(timeAtPosition(150, 100, 0, 60)).toBe(0);
  });

  it('places highlight segments and colours them by index in a five-colour cycle', () => {
    expect(segmentPosition({ start: 10, end: 30 }, 100)).toEqual({ left: 10, width: 20 });
    expect(segmentPosition({ start: 90, end: 130 }, 100)).toEqual({ left: 90, width: 10 });
    expect(segmentPosition({ start: 30, end: 10 }, 100)).toBeNull();
    expect(segmentPosition({ start: 0, end: 10 }, 0)).toBeNull();
    expect(speakerColor(0)).toBe('var(--speaker-1)');
    expect(speakerColor(5)).toBe('var(--speaker-1)');
    expect(speakerColor(7)).toBe('var(--speaker-3)');
  });

  it('uses the viewport width minus 50 px below 470 px, a vertical volume at 460 px or less', () => {
    expect(playerWidth(390)).toBe(340);
    expect(playerWidth(469)).toBe(419);
    expect(playerWidth(470)).toBeNull();
    expect(isVolumeVertical(460)).toBe(true);
    expect(isVolumeVertical(461)).toBe(false);
  });

  it('plays or pauses on space and k, except while typing or on buttons', () => {
    expect(isPlayPauseKey({ key: ' ' })).toBe(true);
    expect(isPlayPauseKey({ key: 'k' })).toBe(true);
    expect(isPlayPauseKey({ key: 'K' })).toBe(true);
    expect(isPlayPauseKey({ key: 'k', ctrlKey: true })).toBe(false);
    expect(isPlayPauseKey({ key: 'j' })).toBe(false);
    document.body.innerHTML =
      '<input id="i"><button id="b"></button><div id="d" tabindex="0"></div><div role="dialog"><span id="s"></span></div>';
    const byId = (id: string) => document.getElementById(id);
    expect(isShortcutBlocked(byId('i'))).toBe(true);
    expect(isShortcutBlocked(byId('b'))).toBe(true);
    expect(isShortcutBlocked(byId('b'), 'k')).toBe(false);
    expect(isShortcutBlocked(byId('i'), 'k')).toBe(true);
    expect(isShortcutBlocked(byId('s'), 'k')).toBe(true);
    expect(isShortcutBlocked(byId('s'))).toBe(true);
    expect(isShortcutBlocked(byId('d'))).toBe(false);
    expect(isShortcutBlocked(document.body)).toBe(false);
    expect(isShortcutBlocked(null)).toBe(false);
  });

  it('says so when there is no source', () => {
    expect(NO_SOURCE_MESSAGE).toBe('Participant did not join.');
  });
});
