import { useState } from 'react';
import { FileVideo } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The meeting's thumbnail, or a video icon when there is none or it fails to load. */
export function Thumbnail({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <span
      className={cn(
        'relative grid shrink-0 place-items-center overflow-hidden rounded-control bg-surface-3 text-subtle',
        className,
      )}
    >
      {src && !broken ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <FileVideo className="size-4" aria-hidden />
      )}
    </span>
  );
}
