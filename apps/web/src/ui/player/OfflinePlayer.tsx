import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  Eye,
  EyeOff,
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  VideoOff,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDuration } from '../../lib/format';
import {
  NO_SOURCE_MESSAGE,
  PLAYER,
  initialVideoState,
  isPlayPauseKey,
  isShortcutBlocked,
  isVolumeVertical,
  playerReducer,
  playerWidth,
  skipTime,
  type Segment,
  type Tick,
} from './player';
import { useViewportWidth } from '../../lib/use-viewport-width';
import { PlayerButton } from './PlayerButton';
import { SeekBar } from './SeekBar';
import { VolumeControl } from './VolumeControl';

export interface OfflinePlayerHandle {
  seek(time: number): void;
  play(): void;
  pause(): void;
}

export interface OfflinePlayerProps {
  /** Playable URL (signed, range-capable); null shows 'Participant did not join.' */
  src: string | null;
  poster?: string | null;
  /** Speaker turns on the seek bar, coloured by their colour slot (by index without one). */
  segments?: Segment[];
  /** Saved highlights, drawn above the segments on the seek bar, coloured by index. */
  highlights?: Segment[];
  /** Moments marked under the seek bar (tracker mentions); clicking one seeks to it. */
  ticks?: Tick[];
  /** 0.5 for the own player, 1 in the shared view. */
  initialVolume?: number;
  /** Accessible name of the player region. */
  label?: string;
  onTimeChange?(time: number): void;
  /** The media's length in seconds, once known (it may differ from what was stored). */
  onDurationChange?(duration: number): void;
  /** Skip back/forward pressed (the transcript clears its current speaker). */
  onSkip?(seconds: number): void;
  /** Seconds to start at (a link to a moment, e.g. a Zai citation); applied once the media loads. */
  startTime?: number;
  className?: string;
}

/** The offline video player (spec 2 §2, §4): custom controls over a <video>. */
export const OfflinePlayer = forwardRef<OfflinePlayerHandle, OfflinePlayerProps>(
  function OfflinePlayer(
    {
      src,
      poster,
      segments = [],
      highlights,
      ticks,
      initialVolume = PLAYER.defaultVolume,
      label = 'Video player',
      onTimeChange,
      onDurationChange,
      onSkip,
      startTime,
      className,
    },
    ref,
  ) {
    const video = useRef<HTMLVideoElement>(null);
    const box = useRef<HTMLElement>(null);
    const [state, dispatch] = useReducer(playerReducer, initialVolume, initialVideoState);
    const [hidden, setHidden] = useState(false);
    const [fullscreen, setFullscreen] = useState(false);
    const viewport = useViewportWidth();
    const width = playerWidth(viewport);
    const noSource = !src;

    // Reset to paused at the start on mount and whenever the source changes.
    useEffect(() => {
      const v = video.current;
      if (v) {
        v.pause();
        if (v.currentTime) v.currentTime = 0;
      }
      dispatch({ type: 'reset', volume: initialVolume });
    }, [src, initialVolume]);

    useEffect(() => {
      const v = video.current;
      if (!v) return;
      v.volume = state.volume;
      v.muted = state.isMuted;
    }, [state.volume, state.isMuted, src]);

    // The current time is polled every 100 ms.
    const onTime = useRef(onTimeChange);
    useEffect(() => {
      onTime.current = onTimeChange;
    });
    useEffect(() => {
      if (noSource) return;
      let last = -1;
      const id = window.setInterval(() => {
        const t = video.current?.currentTime ?? 0;
        if (t === last) return;
        last = t;
        dispatch({ type: 'time', currentTime: t });
        onTime.current?.(t);
      }, PLAYER.pollMs);
      return () => window.clearInterval(id);
    }, [noSource]);

    const seek = useCallback((time: number) => {
      const v = video.current;
      if (!v) return;
      const duration = Number.isFinite(v.duration) ? v.duration : 0;
      const t = Math.max(0, duration > 0 ? Math.min(time, duration) : time);
      v.currentTime = t;
      dispatch({ type: 'seek', time: t });
    }, []);

    // A start time waits for the metadata (seeking earlier is lost when the source resets).
    const pendingStart = useRef<number | null>(null);
    useEffect(() => {
      if (startTime === undefined) return;
      const v = video.current;
      if (v && v.readyState >= 1) seek(startTime);
      else pendingStart.current = startTime;
    }, [startTime, src, seek]);

    const togglePlay = useCallback(() => {
      const v = video.current;
      if (!v || noSource) return;
      if (v.paused || v.ended) {
        v.play()?.catch((e: unknown) => console.warn('Video play failed', e));
      } else v.pause();
    }, [noSource]);

    useImperativeHandle(
      ref,
      () => ({
        seek,
        play: () => void video.current?.play()?.catch(() => {}),
        pause: () => video.current?.pause(),
      }),
      [seek],
    );

    // Space and K play or pause, unless focus is in a field, on a button or in a dialog.
    useEffect(() => {
      const onKey = (e: KeyboardEvent) => {
        if (e.defaultPrevented || !isPlayPauseKey(e) || isShortcutBlocked(e.target, e.key)) return;
        e.preventDefault();
        togglePlay();
      };
      window.addEventListener('keydown', onKey);
      return () => window.removeEventListener('keydown', onKey);
    }, [togglePlay]);

    useEffect(() => {
      const onChange = () => setFullscreen(document.fullscreenElement === box.current);
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    }, []);

    const toggleFullscreen = () => {
      if (document.fullscreenElement) void document.exitFullscreen?.();
      else void box.current?.requestFullscreen?.().catch(() => {});
    };

    const skip = (seconds: number) => {
      seek(skipTime(state.currentTime, state.duration, seconds));
      onSkip?.(seconds);
    };

    return (
      <section
        ref={box}
        aria-label={label}
        data-fullscreen={fullscreen || undefined}
        style={width !== null ? { width } : undefined}
        className={cn(
          'flex max-w-full flex-col overflow-hidden rounded-card border border-border bg-surface shadow-sm',
          'data-[fullscreen]:rounded-none data-[fullscreen]:border-0 data-[fullscreen]:bg-black',
          className,
        )}
      >
        {noSource ? (
          <div className="grid aspect-video place-items-center bg-surface-2 text-center">
            <div className="flex flex-col items-center gap-2 text-muted">
              <VideoOff className="size-6" aria-hidden />
              <p className="text-sm font-medium">{NO_SOURCE_MESSAGE}</p>
            </div>
          </div>
        ) : (
          <div
            className={cn(
              'relative bg-black',
              hidden ? 'hidden' : fullscreen ? 'min-h-0 flex-1' : 'aspect-video',
            )}
          >
            <video
              ref={video}
              src={src}
              poster={poster ?? undefined}
              preload="metadata"
              playsInline
              onClick={togglePlay}
              onLoadedMetadata={(e) => {
                dispatch({ type: 'loaded', duration: e.currentTarget.duration });
                onDurationChange?.(e.currentTarget.duration);
                if (pendingStart.current !== null) {
                  seek(pendingStart.current);
                  pendingStart.current = null;
                }
              }}
              onDurationChange={(e) => {
                dispatch({ type: 'loaded', duration: e.currentTarget.duration });
                onDurationChange?.(e.currentTarget.duration);
              }}
              onPlay={() => dispatch({ type: 'playing', playing: true })}
              onPause={() => dispatch({ type: 'playing', playing: false })}
              onEnded={() => dispatch({ type: 'ended' })}
              className="absolute inset-0 size-full cursor-pointer object-contain"
            />
            {!state.isPlaying && state.currentTime === 0 ? (
              <span
                aria-hidden
                className="pointer-events-none absolute inset-0 grid place-items-center"
              >
                <span className="grid size-14 place-items-center rounded-full bg-black/55 text-white backdrop-blur-sm">
                  <Play className="size-6 translate-x-0.5" fill="currentColor" />
                </span>
              </span>
            ) : null}
          </div>
        )}
        <div className="flex flex-col gap-1.5 bg-surface px-3 pt-2 pb-2">
          <SeekBar
            currentTime={state.currentTime}
            duration={state.duration}
            segments={segments}
            highlights={highlights}
            ticks={ticks}
            disabled={noSource}
            onSeek={seek}
          />
          <div className="flex items-center gap-1">
            <PlayerButton
              label={state.isPlaying ? 'Pause' : 'Play'}
              onClick={togglePlay}
              disabled={noSource}
            >
              {state.isPlaying ? <Pause aria-hidden /> : <Play aria-hidden />}
            </PlayerButton>
            <PlayerButton
              label="Back 10 seconds"
              onClick={() => skip(-PLAYER.skipSeconds)}
              disabled={noSource}
            >
              <RotateCcw aria-hidden />
            </PlayerButton>
            <PlayerButton
              label="Forward 10 seconds"
              onClick={() => skip(PLAYER.skipSeconds)}
              disabled={noSource}
            >
              <RotateCw aria-hidden />
            </PlayerButton>
            <VolumeControl
              volume={state.volume}
              muted={state.isMuted}
              vertical={isVolumeVertical(viewport)}
              disabled={noSource}
              onToggleMute={() => dispatch({ type: 'toggle-mute' })}
              onVolume={(v) => dispatch({ type: 'volume', volume: v })}
            />
            <span className="tabular ml-1 truncate text-xs text-muted" data-testid="player-time">
              {formatDuration(state.currentTime)} / {formatDuration(state.duration)}
            </span>
            <span className="flex-1" />
            <PlayerButton
              label={hidden ? 'Show video' : 'Hide video'}
              onClick={() => setHidden((h) => !h)}
              disabled={noSource || fullscreen}
            >
              {hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
            </PlayerButton>
            <PlayerButton
              label="Full screen"
              pressed={fullscreen}
              onClick={toggleFullscreen}
              disabled={noSource}
            >
              {fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            </PlayerButton>
          </div>
        </div>
      </section>
    );
  },
);
