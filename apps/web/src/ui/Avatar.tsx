import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from '../lib/cn';
import { initials } from '../lib/format';

interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  imageUrl?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

const sizes = {
  sm: 'size-7 text-xs',
  md: 'size-8 text-xs',
  lg: 'size-10 text-sm',
  xl: 'size-16 text-lg',
};

/** Profile image, or the initials of first and last name. */
export function Avatar({ firstName, lastName, imageUrl, size = 'md', className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-accent-soft align-middle',
        sizes[size],
        className,
      )}
    >
      {imageUrl ? (
        <RadixAvatar.Image src={imageUrl} alt="" className="size-full object-cover" />
      ) : null}
      <RadixAvatar.Fallback
        className="font-semibold text-accent-soft-fg"
        delayMs={imageUrl ? 400 : 0}
      >
        {initials({ firstName, lastName })}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
