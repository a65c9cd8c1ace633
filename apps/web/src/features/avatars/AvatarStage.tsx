import { useEffect, useState } from 'react';
import type { Avatar, BuiltInPortrait } from '@parley/contracts';
import { BUILT_IN_PORTRAITS } from '@parley/contracts';
import { usePrefersReducedMotion } from '../../lib/use-media-query';
import { cn } from '../../lib/cn';
import { runAvatarDriver, type AvatarPose } from './animation';
import { IllustratedPortrait, PhotoPortrait } from './Portrait';
import type { PlayingClip } from './speaker';

const REST: AvatarPose = { viseme: 'rest', blink: 0, tilt: 0, nod: 0 };

export function portraitLook(avatar: Pick<Avatar, 'portrait'>): BuiltInPortrait | null {
  const name = avatar.portrait?.startsWith('builtin:') ? avatar.portrait.slice(8) : null;
  return (BUILT_IN_PORTRAITS as readonly string[]).includes(name ?? '')
    ? (name as BuiltInPortrait)
    : null;
}

/** The avatar's face, animated from whatever clip is playing (or idle: blinks and sway). */
export function AvatarStage({
  avatar,
  playing,
  className,
  animate = true,
}: {
  avatar: Pick<Avatar, 'portrait' | 'imageUrl' | 'name'>;
  playing: () => PlayingClip | null;
  className?: string;
  animate?: boolean;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [pose, setPose] = useState<AvatarPose>(REST);
  useEffect(() => {
    if (!animate) return;
    return runAvatarDriver({ clip: playing, onPose: setPose, reducedMotion });
  }, [animate, playing, reducedMotion]);

  const look = portraitLook(avatar);
  return (
    <div className={cn('aspect-square overflow-hidden rounded-lg bg-surface-2', className)}>
      {avatar.imageUrl ? (
        <PhotoPortrait src={avatar.imageUrl} pose={pose} alt={avatar.name} />
      ) : (
        <IllustratedPortrait
          look={look ?? 'ada'}
          pose={pose}
          className="size-full"
          title={avatar.name}
        />
      )}
    </div>
  );
}
