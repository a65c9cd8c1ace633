import { FileVideo, Info } from 'lucide-react';
import { formatBytes } from '../../lib/format';
import { Button, DialogFooter, ProgressBar } from '../../ui';

interface Props {
  file: File;
  progress: number;
  onCancel(): void;
}

/** The percentage bar with the keep-the-window-open note (spec 1 §4). */
export function UploadProgress({ file, progress, onCancel }: Props) {
  return (
    <div className="flex flex-col gap-4" data-testid="upload-progress">
      <div className="flex items-center gap-3">
        <FileVideo className="size-5 shrink-0 text-muted" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium text-fg">{file.name}</span>
          <span className="tabular text-xs text-muted">{formatBytes(file.size)}</span>
        </div>
        <span className="tabular text-sm font-semibold text-fg" data-testid="upload-percent">
          {progress}%
        </span>
      </div>
      <ProgressBar value={progress} label="Upload progress" />
      <p className="flex items-start gap-2 text-sm text-muted" role="status">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {progress >= 100
          ? 'Finishing upload…'
          : 'Please keep this window open until the upload finishes.'}
      </p>
      <DialogFooter className="mt-1">
        <Button variant="secondary" onClick={onCancel} disabled={progress >= 100}>
          Cancel upload
        </Button>
      </DialogFooter>
    </div>
  );
}
