import { CircleAlert, CircleCheck } from 'lucide-react';

interface Props {
  ok: boolean;
  /** Why it failed, under 'Upload Failed'. */
  error: string | null;
}

/** 'Uploaded' or 'Upload Failed', shown for 1 s before an upload dialog closes (spec 1 §4). */
export function UploadResult({ ok, error }: Props) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 py-6 text-center"
      data-testid="upload-result"
    >
      {ok ? (
        <CircleCheck className="size-10 text-success" aria-hidden />
      ) : (
        <CircleAlert className="size-10 text-danger" aria-hidden />
      )}
      <p className="text-base font-semibold text-fg">{ok ? 'Uploaded' : 'Upload Failed'}</p>
      {!ok && error ? <p className="text-sm text-muted">{error}</p> : null}
    </div>
  );
}
