import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';
import { formatDuration } from '../../lib/format';
import {
  seekTimeForKey,
  segmentPosition,
  speakerColor,
  timeAtPosition,
  type Segment,
  type Tick,
} from './player';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  segments: Segment[];
  /** Saved moments: a lane above the track, so the speaker turns stay visible under them. */
  highlights?: Segment[];
  /** Moments to jump to (tracker mentions): ticks under the track, each a button. */
  ticks?: Tick[];
  disabled?: boolean;
  onSeek(time: number): void;
}

/** The seek bar: click or drag to seek; arrows ±5 s, Page keys ±10 %, Home, End. */
export function SeekBar({
  currentTime,
  duration,
  segments,
  highlights = [],
  ticks = [],
  disabled,
  onSeek,
}: SeekBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const pct = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;

  const seekAt = (clientX: number) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect) return;
    onSeek(timeAtPosition(clientX, rect.left, rect.width, duration));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled || e.button !== 0) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    seekAt(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) seekAt(e.clientX);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const t = seekTimeForKey(e.key, currentTime, duration);
    if (t === null) return;
    e.preventDefault();
    onSeek(t);
  };

  const slider = (
    <div
      ref={ref}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(currentTime)}
      aria-valuetext={`${formatDuration(currentTime)} of ${formatDuration(duration)}`}
      aria-disabled={disabled || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      className={cn(
        'group relative flex h-5 w-full cursor-pointer touch-none items-center rounded-control outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring',
        disabled && 'cursor-default opacity-50',
      )}
    >
      {highlights.map((seg, i) => {
        const pos = segmentPosition(seg, duration);
        if (!pos) return null;
        return (
          <span
            key={`h-${seg.start}-${seg.end}-${i}`}
            data-testid="seek-highlight"
            data-color={seg.color ?? i}
            title={seg.label}
            className="absolute top-0 h-1 min-w-1 rounded-full"
            style={{
              left: `${pos.left}%`,
              width: `${pos.width}%`,
              background: speakerColor(seg.color ?? i),
            }}
          />
        );
      })}
      <div className="relative h-1.5 w-full overflow-hidden rounded-full bg-surface-3">
        {segments.map((seg, i) => {
          const pos = segmentPosition(seg, duration);
          if (!pos) return null;
          return (
            <span
              key={`${seg.start}-${seg.end}-${i}`}
              data-testid="seek-segment"
              data-color={seg.color ?? i}
              title={seg.label}
              className="absolute inset-y-0 opacity-70"
              style={{
                left: `${pos.left}%`,
                width: `${pos.width}%`,
                background: speakerColor(seg.color ?? i),
              }}
            />
          );
        })}
        <span
          className="absolute inset-y-0 left-0 bg-accent/80"
          style={{ width: `${pct}%` }}
          aria-hidden
        />
      </div>
      <span
        aria-hidden
        className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface bg-accent shadow-sm transition-transform group-hover:scale-110"
        style={{ left: `${pct}%` }}
      />
    </div>
  );
  if (ticks.length === 0 || !(duration > 0)) return slider;
  // A lane of its own beside the slider (not inside it: a slider's content is not interactive).
  return (
    <div className="relative">
      {slider}
      <div
        className="pointer-events-none absolute inset-x-0 -bottom-1 h-2"
        data-testid="seek-ticks"
      >
        {ticks.map((tick, i) =>
          tick.time >= 0 && tick.time <= duration ? (
            <button
              key={`t-${tick.time}-${i}`}
              type="button"
              tabIndex={-1}
              data-testid="seek-tick"
              title={tick.label}
              aria-label={tick.label}
              disabled={disabled}
              onClick={() => onSeek(tick.time)}
              className="pointer-events-auto absolute top-0 h-2 w-1 -translate-x-1/2 cursor-pointer rounded-full bg-amber-500 hover:bg-amber-600 disabled:cursor-default dark:bg-amber-400"
              style={{ left: `${(tick.time / duration) * 100}%` }}
            />
          ) : null,
        )}
      </div>
    </div>
  );
}
