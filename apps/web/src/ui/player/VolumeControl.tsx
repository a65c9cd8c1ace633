import { Slider } from 'radix-ui';
import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { cn } from '../../lib/cn';
import { PLAYER } from './player';
import { PlayerButton } from './PlayerButton';

interface VolumeControlProps {
  volume: number;
  muted: boolean;
  vertical: boolean;
  disabled?: boolean;
  onToggleMute(): void;
  onVolume(volume: number): void;
}

/** Mute toggle and a volume slider (step 0.01), vertical on narrow screens. */
export function VolumeControl({
  volume,
  muted,
  vertical,
  disabled,
  onToggleMute,
  onVolume,
}: VolumeControlProps) {
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  const slider = (
    <Slider.Root
      value={[volume]}
      min={0}
      max={1}
      step={PLAYER.volumeStep}
      orientation={vertical ? 'vertical' : 'horizontal'}
      disabled={disabled}
      onValueChange={([v]) => onVolume(v ?? 0)}
      data-testid="volume-slider"
      className={cn(
        'relative flex touch-none items-center select-none',
        vertical ? 'h-24 w-5 flex-col' : 'h-5 w-20',
      )}
    >
      <Slider.Track
        className={cn(
          'relative grow overflow-hidden rounded-full bg-surface-3',
          vertical ? 'w-1.5' : 'h-1.5',
        )}
      >
        <Slider.Range
          className={cn('absolute rounded-full bg-fg/70', vertical ? 'w-full' : 'h-full')}
        />
      </Slider.Track>
      <Slider.Thumb
        aria-label="Volume"
        aria-valuetext={`${Math.round(volume * 100)}%`}
        className="block size-3.5 rounded-full border-2 border-surface bg-fg shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    </Slider.Root>
  );
  return (
    <div className="group relative flex items-center gap-1.5">
      <PlayerButton label={silent ? 'Unmute' : 'Mute'} onClick={onToggleMute} disabled={disabled}>
        <Icon aria-hidden />
      </PlayerButton>
      {vertical ? (
        <div
          className={cn(
            'absolute bottom-full left-1/2 z-10 -translate-x-1/2 pb-1',
            'pointer-events-none opacity-0 transition-opacity',
            'group-focus-within:pointer-events-auto group-focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100',
          )}
        >
          <div className="rounded-card border border-border bg-raised px-1.5 py-2.5 shadow-md">
            {slider}
          </div>
        </div>
      ) : (
        slider
      )}
    </div>
  );
}
