import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MEETING_STAGES, UPLOAD_MESSAGES, type Meeting } from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import { STAGE_LABELS, type MeetingStage, meetingKeys } from '../meetings';
import { toast } from '../../lib/toast';
import { validateUploadFile } from './upload';
import { Button, Dialog, DialogContent, DialogFooter, SelectField, TextField } from '../../ui';
import { DropZone } from './DropZone';
import { useUpload } from './use-upload';
import { UploadProgress } from './UploadProgress';
import { UploadResult } from './UploadResult';
import { useUploadProvider } from './api';
import { DealPicker, linkDeal, useSalesFeature, type PickedDeal } from '../sales';
import { useCan } from '../../lib/auth-store';
import {
  InterviewFields,
  bodyOf,
  draftIsSet,
  draftProblem,
  emptyInterviewDraft,
  interviewKeys,
  setInterview,
  useHiring,
  useJobs,
  type InterviewDraft,
} from '../interviews';

const STAGE_OPTIONS = MEETING_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }));

interface UploadDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Show the interview's job, candidate and round open (the HR list's upload). */
  interview?: boolean;
}

/** Upload a recording to the library (spec 1 §4, §5, §8; spec 2 §4, §8, §9). */
export function UploadDialog({ open, onOpenChange, interview = false }: UploadDialogProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [stage, setStage] = useState<MeetingStage>('basic_meeting');
  const { provider, loading: providerLoading } = useUploadProvider(open);
  // Optional interview details (job, candidate, round), applied once the meeting exists.
  const hiring = useHiring();
  const canSetInterview = hiring.allowed && hiring.hasFeature;
  const jobs = useJobs(open && canSetInterview);
  const [draft, setDraft] = useState<InterviewDraft>(emptyInterviewDraft);
  // Optional deal (Sales Intelligence), linked once the meeting exists.
  const hasSales = useSalesFeature();
  const canLinkDeal = useCan('sales.read') && hasSales;
  const [deal, setDeal] = useState<PickedDeal | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const clearForm = useCallback(() => {
    setFile(null);
    setTitle('');
    setStage('basic_meeting');
    setDraft(emptyInterviewDraft);
    setDeal(null);
  }, []);

  const finishUpload = useCallback(
    async (meeting: Meeting) => {
      const details = draftRef.current;
      let path = `/library/${meeting.id}`;
      if (canSetInterview && draftIsSet(details)) {
        // The recording is in either way; a refused interview is toasted by the API client
        // and can be set again on the interview page.
        const set = await setInterview(meeting.id, bodyOf(details)).catch(() => null);
        if (set) {
          path = `/interviews/${meeting.id}`;
          void client.invalidateQueries({ queryKey: interviewKeys.all });
        }
      }
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
      onOpenChange(false);
      clearForm();
      toast({
        title: 'Uploaded',
        description: stripExtension(meeting.meetingName),
        variant: 'success',
        action: { label: 'Open meeting', onClick: () => navigate(path) },
      });
    },
    [client, navigate, onOpenChange, clearForm, canSetInterview],
  );
  const onUploaded = useCallback((meeting: Meeting) => void finishUpload(meeting), [finishUpload]);
  const onFailedLate = useCallback(
    (message: string) => {
      onOpenChange(false);
      toast({ title: 'Upload Failed', description: message, variant: 'error' });
    },
    [onOpenChange],
  );
  const upload = useUpload({ onUploaded, onFailedLate });
  const busy = upload.phase !== 'form';

  const pick = (next: File | null) => {
    setFile(next);
    upload.setError(next ? validateUploadFile(next) : null);
  };

  const submit = () => {
    const problem = validateUploadFile(file);
    if (problem || !file) return upload.setError(problem ?? UPLOAD_MESSAGES.selectVideo);
    const interviewProblem = canSetInterview ? draftProblem(draft) : null;
    if (interviewProblem) return upload.setError(interviewProblem);
    if (!provider) return upload.setError(UPLOAD_MESSAGES.connectStorage);
    const dealId = canLinkDeal ? deal?.id : undefined;
    void upload.start({
      file,
      provider,
      stage,
      title,
      // The recording is in either way: a refused link is toasted by the API client and the
      // deal can be chosen again on the meeting page.
      ...(dealId ? { after: (m: Meeting) => linkDeal(m.id, dealId).catch(() => null) } : {}),
    });
  };

  const changeOpen = (next: boolean) => {
    if (busy) return; // closing waits for the upload to finish or be cancelled
    if (!next) {
      upload.reset();
      clearForm();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        title="Upload a recording"
        description="A meeting is created from the file and analyzed."
        hideClose={busy}
        onEscapeKeyDown={(e) => busy && e.preventDefault()}
        onInteractOutside={(e) => busy && e.preventDefault()}
      >
        {upload.phase === 'uploading' && file ? (
          <UploadProgress file={file} progress={upload.progress} onCancel={upload.cancel} />
        ) : upload.phase === 'uploaded' || upload.phase === 'failed' ? (
          <UploadResult ok={upload.phase === 'uploaded'} error={upload.error} />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <DropZone file={file} onFile={pick} error={upload.error} />
            <TextField
              label="Title (optional)"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="e.g. Discovery call with Acme"
            />
            <SelectField
              label="Stage"
              value={stage}
              onValueChange={(v) => setStage(v as MeetingStage)}
              options={STAGE_OPTIONS}
            />
            {canLinkDeal ? (
              <DealPicker
                label="Deal (optional)"
                value={deal}
                onChange={(d) => {
                  setDeal(d);
                  // A call about a deal is a sales call: at the deal's stage unless one was chosen.
                  if (d && stage === 'basic_meeting') setStage(d.stage);
                }}
              />
            ) : null}
            {canSetInterview ? (
              <details
                open={interview || undefined}
                className="rounded-card border border-border px-3 py-2 [&[open]>summary]:mb-3"
              >
                <summary className="cursor-pointer text-sm font-medium text-fg">
                  Interview (optional): job, candidate and round
                </summary>
                <InterviewFields value={draft} onChange={setDraft} jobs={jobs.data?.data ?? []} />
              </details>
            ) : null}
            <DialogFooter className="mt-1">
              <Button variant="secondary" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={providerLoading}>
                Upload
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
