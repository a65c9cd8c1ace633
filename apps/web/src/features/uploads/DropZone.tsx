import { useId, useRef, useState, type DragEvent } from 'react';
import { CircleAlert, FileAudio, FileVideo, UploadCloud, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatBytes } from '../../lib/format';
import { ACCEPTED_EXTENSIONS } from './upload';
import { Button } from '../../ui';

interface DropZoneProps {
  file: File | null;
  onFile(file: File | null): void;
  /** What is wrong with the file (or its upload), shown under the zone. */
  error?: string | null;
  /** The file types taken (a coaching video takes no audio); the library's by default. */
  extensions?: readonly string[];
  /** What the file is, e.g. 'recording' or 'video'. */
  noun?: string;
}

const AUDIO = /\.(mp3|wav|m4a)$/i;

/** Drop a recording or pick one; only the first file is used (spec 1 §5). */
export function DropZone({ error, ...zone }: DropZoneProps) {
  const errorId = useId();
  return (
    <>
      <Zone {...zone} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
      {error ? (
        <p id={errorId} role="alert" className="-mt-2 flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </>
  );
}

function Zone({
  file,
  onFile,
  invalid,
  describedBy,
  extensions = ACCEPTED_EXTENSIONS,
  noun = 'recording',
}: Omit<DropZoneProps, 'error'> & { invalid: boolean; describedBy: string | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const first = e.dataTransfer.files?.[0];
    if (first) onFile(first);
  };

  if (file) {
    const Icon = AUDIO.test(file.name) ? FileAudio : FileVideo;
    return (
      <div
        className="flex items-center gap-3 rounded-card border border-border bg-surface-2 p-3"
        data-testid="selected-file"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-card bg-accent-soft text-accent-soft-fg">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium text-fg">{file.name}</span>
          <span className="tabular text-xs text-muted">{formatBytes(file.size)}</span>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Remove file"
          onClick={() => onFile(null)}
        >
          <X aria-hidden />
        </Button>
      </div>
    );
  }

  return (
    <div
      onDragEnter={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed px-4 py-8 text-center transition-colors',
        over ? 'border-accent bg-accent-soft/60' : 'border-border-strong bg-surface-2/50',
        invalid && !over && 'border-danger',
      )}
    >
      <span className="grid size-10 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
        <UploadCloud className="size-5" aria-hidden />
      </span>
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-fg">{`Drop a ${noun} here, or choose a file`}</p>
        <p className="text-xs text-muted">{`${extensions.join(' ')} · up to 1\u00a0GB`}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
        Choose file
      </Button>
      <input
        ref={input}
        type="file"
        accept={extensions.join(',')}
        aria-label={`${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)} file`}
        aria-describedby={describedBy}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const first = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (first) onFile(first);
        }}
      />
    </div>
  );
}
