import { useRef, useState, type ReactNode } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { PROFILE_IMAGE, PROFILE_MESSAGES as M } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, FormError } from '../../ui';

interface ImageFieldProps {
  /** What the picture is, for the buttons' names ("profile picture", "logo"). */
  noun: string;
  preview: ReactNode;
  hasImage: boolean;
  /** The upload and remove mutations (api.ts). */
  upload: { isPending: boolean; mutateAsync(file: File): Promise<unknown> };
  remove: { isPending: boolean; mutateAsync(): Promise<unknown> };
  messages: { updated: string; removed: string };
}

/**
 * Picture with Upload and Remove. A file over 5 MB is refused here, before it is sent; whether
 * the bytes are a picture is the server's call (it reads every common format).
 */
export function ImageField({ noun, preview, hasImage, upload, remove, messages }: ImageFieldProps) {
  const pending = upload.isPending || remove.isPending;
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (action: Promise<unknown>, done: string) => {
    setError(null);
    action.then(
      () => toast({ title: done, variant: 'success' }),
      (e: unknown) => setError(failureMessage(e, M.notAnImage)),
    );
  };

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > PROFILE_IMAGE.maxBytes) return setError(M.tooLarge);
    run(upload.mutateAsync(file), messages.updated);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        {preview}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={PROFILE_IMAGE.accept}
            className="sr-only"
            tabIndex={-1}
            aria-label={`Choose a ${noun}`}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={pending}
            onClick={() => input.current?.click()}
          >
            <ImageUp aria-hidden />
            {hasImage ? `Change ${noun}` : `Upload ${noun}`}
          </Button>
          {hasImage ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={pending}
              onClick={() => run(remove.mutateAsync(), messages.removed)}
            >
              <Trash2 aria-hidden />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted">
        JPEG, PNG, WebP, GIF, BMP, TIFF or AVIF, up to 5 MB. Shown as a square.
      </p>
      <FormError message={error} />
    </div>
  );
}
