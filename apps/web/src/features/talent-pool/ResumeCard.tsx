import { useRef, useState } from 'react';
import { FileText, Trash2, Upload } from 'lucide-react';
import { RESUME_LIMITS, TALENT_PROFILE_MESSAGES as M, type ResumeFile } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { formatBytes } from './format';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  FormError,
} from '../../ui';

/**
 * The resume: choose a PDF or DOCX (checked for size here, read on the server), see which one
 * is on file, or delete it. Errors stay on the card, in words the person can act on.
 */
export function ResumeCard(props: {
  resume: ResumeFile | null;
  uploading: boolean;
  deleting: boolean;
  onUpload(file: File): Promise<unknown>;
  onDelete(): Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > RESUME_LIMITS.maxBytes) {
      setError(M.tooLarge);
      return;
    }
    await props
      .onUpload(file)
      .catch((e: unknown) => setError(failureMessage(e, M.saveProfileFailed)));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Resume</CardTitle>
        <CardDescription>
          A PDF or Word (.docx) file up to 10 MB. We read your skills and work experience from it;
          you can correct them below.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {props.resume ? (
          <div className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-surface-2 p-3">
            <FileText className="size-5 text-muted" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-fg">{props.resume.fileName}</p>
              <p className="text-xs text-muted tabular-nums">
                {formatBytes(props.resume.size)} · uploaded{' '}
                {new Date(props.resume.uploadedAt).toLocaleDateString()}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              loading={props.deleting}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">No resume yet.</p>
        )}
        <FormError message={error} />
        <div>
          <input
            ref={input}
            type="file"
            accept={RESUME_LIMITS.accept}
            className="sr-only"
            tabIndex={-1}
            aria-label="Resume file"
            data-testid="resume-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            variant={props.resume ? 'secondary' : 'primary'}
            loading={props.uploading}
            onClick={() => input.current?.click()}
          >
            <Upload className="size-4" aria-hidden />
            {props.uploading
              ? 'Reading your resume…'
              : props.resume
                ? 'Replace resume'
                : 'Upload resume'}
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={props.deleting}
        title="Delete your resume?"
        description="The file is removed. The skills and experience on your profile stay."
        confirmLabel="Delete"
        onConfirm={() =>
          props.onDelete().then(
            () => setConfirming(false),
            (e: unknown) => {
              setConfirming(false);
              setError(failureMessage(e, M.saveProfileFailed));
            },
          )
        }
      />
    </Card>
  );
}
