import { useCallback, useState } from 'react';
import {
  COACHING_MESSAGES,
  COACHING_TYPE_LABELS,
  COACHING_CONTENT_TYPES,
  COMING_SOON,
  MEETING_STAGES,
  UPLOAD,
  UPLOAD_MESSAGES,
  type CoachingContentType,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, Dialog, DialogContent, DialogFooter, SelectField, TextField } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { DropZone, UploadProgress, UploadResult, useUpload, useUploadProvider } from '../uploads';
import { useContentChanges } from './api';
import {
  draftIsComplete,
  emptyDraft,
  isLinkType,
  linkProblem,
  stageIsOpen,
  videoFileProblem,
  type ContentDraft,
} from './model';

const TYPE_OPTIONS = COACHING_CONTENT_TYPES.map((t) => ({
  value: t,
  label: COACHING_TYPE_LABELS[t],
}));
const STAGE_OPTIONS = MEETING_STAGES.map((s) => ({
  value: s,
  label: STAGE_LABELS[s],
  ...(stageIsOpen(s) ? {} : { disabled: true, note: COMING_SOON }),
}));
const URL_PLACEHOLDER: Record<Exclude<CoachingContentType, 'video'>, string> = {
  ppt: 'https://docs.google.com/presentation/d/…',
  doc: 'https://docs.google.com/document/d/…',
  pdf: 'https://drive.google.com/file/d/…/view',
};

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Spec 1 §4, §5: a training video (uploaded) or a Google Slides / Docs / Drive PDF link. */
export function CreateContentDialog({ open, onOpenChange }: Props) {
  const [draft, setDraft] = useState<ContentDraft>(emptyDraft);
  const [file, setFile] = useState<File | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { provider, loading: providerLoading } = useUploadProvider(open);
  const { createLink, makeVideo } = useContentChanges();
  const set = (patch: Partial<ContentDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerError(null);
  };
  const clear = useCallback(() => {
    setDraft(emptyDraft);
    setFile(null);
    setServerError(null);
  }, []);
  const onDone = useCallback(
    (ok: boolean, message: string | null) => {
      onOpenChange(false);
      clear();
      if (ok)
        toast({
          title: 'Uploaded',
          description: 'The training video is in coaching.',
          variant: 'success',
        });
      else toast({ title: 'Upload Failed', description: message ?? undefined, variant: 'error' });
    },
    [onOpenChange, clear],
  );
  const upload = useUpload({
    onUploaded: () => onDone(true, null),
    onFailedLate: (message) => onDone(false, message),
  });
  const busy = upload.phase !== 'form' || createLink.isPending;

  const changeOpen = (next: boolean) => {
    if (busy) return; // closing waits for the upload to finish or be cancelled
    if (!next) {
      upload.reset();
      clear();
    }
    onOpenChange(next);
  };

  const pick = (next: File | null) => {
    setFile(next);
    set({ file: next });
    upload.setError(next ? videoFileProblem(next) : null);
  };

  const submit = async () => {
    if (!draftIsComplete(draft) || !draft.type) return;
    const title = draft.title.trim();
    if (draft.type === 'video') {
      if (!file) return upload.setError(UPLOAD_MESSAGES.selectVideo);
      if (!provider) return toast({ title: UPLOAD_MESSAGES.connectStorage, variant: 'info' });
      return void upload.start({
        file,
        provider,
        title,
        stage: draft.stage,
        after: (meeting) =>
          makeVideo.mutateAsync({ fileName: meeting.meetingCode, title, stage: draft.stage }),
      });
    }
    try {
      await createLink.mutateAsync({ title, type: draft.type, presentationUrl: draft.url.trim() });
      toast({
        title: `${COACHING_TYPE_LABELS[draft.type]} added`,
        description: title,
        variant: 'success',
      });
      onOpenChange(false);
      clear();
    } catch (e) {
      // The server's sharing check: 'Set Presentation sharing to "Anyone can view"' and the like.
      setServerError(failureMessage(e, COACHING_MESSAGES.unexpected));
    }
  };

  const linkType = draft.type && isLinkType(draft.type) ? draft.type : null;
  const urlError = linkType ? (linkProblem(linkType, draft.url) ?? serverError) : null;
  let body;
  if (upload.phase === 'uploading' && file)
    body = <UploadProgress file={file} progress={upload.progress} onCancel={upload.cancel} />;
  else if (upload.phase === 'uploaded' || upload.phase === 'failed')
    body = <UploadResult ok={upload.phase === 'uploaded'} error={upload.error} />;
  else
    body = (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Title"
          required
          value={draft.title}
          maxLength={200}
          onChange={(e) => set({ title: e.target.value })}
          placeholder="e.g. Opening a cold call"
        />
        <SelectField
          label="Type"
          value={draft.type}
          onValueChange={(v) => set({ type: v as CoachingContentType })}
          options={TYPE_OPTIONS}
          placeholder="Choose a type"
        />
        {draft.type === 'video' ? (
          <>
            <DropZone
              file={file}
              onFile={pick}
              noun="video"
              extensions={UPLOAD.videoExtensions}
              error={upload.error}
            />
            <SelectField
              label="Stage"
              value={draft.stage}
              onValueChange={(v) => set({ stage: v as ContentDraft['stage'] })}
              options={STAGE_OPTIONS}
            />
          </>
        ) : linkType ? (
          <TextField
            label={`${COACHING_TYPE_LABELS[linkType]} link`}
            type="url"
            inputMode="url"
            value={draft.url}
            onChange={(e) => set({ url: e.target.value })}
            placeholder={URL_PLACEHOLDER[linkType]}
            error={urlError}
            hint="Anyone with the link must be able to view it."
          />
        ) : null}
        <DialogFooter className="mt-1">
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!draftIsComplete(draft) || providerLoading}
            loading={createLink.isPending}
          >
            Create
          </Button>
        </DialogFooter>
      </form>
    );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        title="Add coaching content"
        description="A training video, or a Google Slides, Docs or Drive PDF link."
        hideClose={busy}
        onEscapeKeyDown={(e) => busy && e.preventDefault()}
        onInteractOutside={(e) => busy && e.preventDefault()}
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}
