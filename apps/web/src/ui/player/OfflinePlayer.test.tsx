import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TooltipProvider } from '../Tooltip';
import { OfflinePlayer } from './OfflinePlayer';

function stubMedia() {
  const proto = HTMLMediaElement.prototype;
  let paused = true;
  vi.spyOn(proto, 'paused', 'get').mockImplementation(() => paused);
  vi.spyOn(proto, 'duration', 'get').mockImplementation(() => 120);
  vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
}

function renderPlayer(props: Partial<Parameters<typeof OfflinePlayer>[0]> = {}) {
  render(
    <TooltipProvider>
      <OfflinePlayer src="/video.mp4" {...props} />
    </TooltipProvider>,
  );
  const video = document.querySelector('video');
  if (video) fireEvent(video, new Event('loadedmetadata'));
  return video as HTMLVideoElement;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  vi.useFakeTimers();
  stubMedia();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OfflinePlayer', () => {
  it('starts paused with volume 0.5 and shows current / duration', () => {
    const video = renderPlayer();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(video.volume).toBe(0.5);
    expect(screen.getByTestId('player-time').textContent).toBe('00:00:00 / 00:02:00');
  });

  it('plays and pauses from the button and from space and k', () => {
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('polls the time every 100 ms and seeks with skip buttons and arrow keys', () => {
    const video = renderPlayer();
    video.currentTime = 30;
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByTestId('player-time').textContent).toBe('00:00:30 / 00:02:00');
    fireEvent.click(screen.getByRole('button', { name: 'Forward 10 seconds' }));
    expect(video.currentTime).toBe(40);
    fireEvent.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    expect(video.currentTime).toBe(30);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.keyDown(seek, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(35);
    fireEvent.keyDown(seek, { key: 'Home' });
    expect(video.currentTime).toBe(0);
  });

  it('mutes to 0 and restores the volume on unmute; starts at 1 in the shared view', () => {
    const video = renderPlayer({ initialVolume: 1 });
    expect(video.volume).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.volume).toBe(0);
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.volume).toBe(1);
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe(
      '100%',
    );
  });

  it('hides and shows the video, and says when there is no source', () => {
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Hide video' }));
    expect(screen.getByRole('button', { name: 'Show video' })).toBeTruthy();
    cleanup();
    renderPlayer({ src: null });
    expect(screen.getByText('Participant did not join.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', true);
  });

  it('draws the speaker segments', () => {
    renderPlayer({
      segments: [
        { start: 0, end: 12 },
        { start: 60, end: 90 },
      ],
    });
    const segs = screen.getAllByTestId('seek-segment');
    expect(segs).toHaveLength(2);
    expect(segs[1]?.style.left).toBe('50%');
  });

  it('draws saved highlights above the speaker turns, coloured by index', () => {
    renderPlayer({
      segments: [{ start: 0, end: 120, color: 0 }],
      highlights: [
        { start: 30, end: 60, color: 0, label: 'Pricing' },
        { start: 90, end: 96, color: 1, label: 'Next steps' },
      ],
    });
    // The speaker turn stays under the highlights.
    expect(screen.getAllByTestId('seek-segment')).toHaveLength(1);
    const marks = screen.getAllByTestId('seek-highlight');
    expect(marks.map((m) => [m.style.left, m.style.width, m.title])).toEqual([
      ['25%', '25%', 'Pricing'],
      ['75%', '5%', 'Next steps'],
    ]);
    expect(marks.map((m) => m.style.background)).toEqual(['var(--speaker-1)', 'var(--speaker-2)']);
  });

  it('ticks tracker mentions under the seek bar; a tick names its mention and seeks to it', () => {
    const video = renderPlayer({
      ticks: [
        { time: 30, label: 'Pricing: “price” (00:00:30, Ada)' },
        { time: 200, label: 'Beyond the end' },
      ],
    });
    const ticks = screen.getAllByTestId('seek-tick');
    // A mention past the media's end is not drawn.
    expect(ticks.map((t) => [t.style.left, t.title])).toEqual([
      ['25%', 'Pricing: “price” (00:00:30, Ada)'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pricing: “price” (00:00:30, Ada)' }));
    expect(video.currentTime).toBe(30);
  });
});
