import { useState } from 'react';
import { BriefcaseBusiness, Pencil } from 'lucide-react';
import {
  INTERVIEW_MESSAGES as I,
  type InterviewStatus,
  type MeetingInterview,
} from '@parley/contracts';
import { formatDateTime } from '../../lib/datetime';
import { toast } from '../../lib/toast';
import {
  Button,
  Card,
  Dialog,
  DialogContent,
  DialogForm,
  SelectField,
  Skeleton,
  SwitchField,
} from '../../ui';
import {
  useHiring,
  useJobs,
  useMeetingInterview,
  useSetInterview,
  useSetLastRound,
  useUpdateStatus,
} from './api';
import {
  InterviewFields,
  bodyOf,
  draftProblem,
  emptyInterviewDraft,
  type InterviewDraft,
} from './InterviewFields';
import { failedRows, STATUS_OPTIONS } from './model';

const draftOf = (i: MeetingInterview | null | undefined): InterviewDraft =>
  i
    ? {
        jobId: i.job?.id ?? '',
        candidateName: i.candidate?.name ?? '',
        candidateEmail: i.candidate?.email ?? '',
        round: i.round,
      }
    : emptyInterviewDraft;

function EditDialog({
  meetingId,
  interview,
  open,
  onClose,
}: {
  meetingId: string;
  interview: MeetingInterview | null | undefined;
  open: boolean;
  onClose(): void;
}) {
  const jobs = useJobs(open);
  const save = useSetInterview();
  const [draft, setDraft] = useState<InterviewDraft>(() => draftOf(interview));
  const [openedFor, setOpenedFor] = useState(false);
  // Start from what is saved each time the dialog opens.
  if (open !== openedFor) {
    setOpenedFor(open);
    if (open) {
      setDraft(draftOf(interview));
      save.reset();
    }
  }
  const close = () => !save.isPending && onClose();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent
        title="Interview details"
        description="The job, the candidate and the round of this interview."
      >
        <DialogForm
          pending={save.isPending}
          valid={draftProblem(draft) === null}
          error={save.error?.message}
          submitLabel="Save"
          onCancel={close}
          onSubmit={() =>
            save.mutate({ meetingId, body: bodyOf(draft) }, { onSuccess: () => onClose() })
          }
        >
          <InterviewFields value={draft} onChange={setDraft} jobs={jobs.data?.data ?? []} />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-sm text-fg">{children}</dd>
    </div>
  );
}

/**
 * The interview page's card of the hiring side: job, candidate, round, status and the
 * last-round switch, each editable; nothing for someone who does not run hiring.
 */
export function InterviewDetailsCard({ meetingId }: { meetingId: string }) {
  const { allowed, hasFeature } = useHiring();
  const enabled = allowed && hasFeature;
  const interview = useMeetingInterview(meetingId, enabled);
  const status = useUpdateStatus();
  const lastRound = useSetLastRound();
  const [editing, setEditing] = useState(false);
  if (!enabled) return null;

  const i = interview.data;
  const setStatus = (interviewStatus: InterviewStatus) =>
    status.mutate(
      { meetingIds: [meetingId], interviewStatus },
      {
        onSuccess: (r) => {
          if (r.failed.length > 0) {
            toast({
              title: I.qualifyFailed,
              description: failedRows(r, new Map()),
              variant: 'error',
            });
          }
        },
        onError: (e) => toast({ title: I.qualifyFailed, description: e.message, variant: 'error' }),
      },
    );
  const setLast = (value: boolean) =>
    lastRound.mutate(
      { meetingId, lastRound: value },
      {
        onError: (e) =>
          toast({ title: I.setLastRoundFailed, description: e.message, variant: 'error' }),
      },
    );

  return (
    <Card className="flex flex-col gap-4 p-4" aria-label="Interview details" role="region">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
          <BriefcaseBusiness className="size-4 text-muted" aria-hidden />
          Interview
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setEditing(true)}
          disabled={!interview.isSuccess}
        >
          <Pencil aria-hidden />
          {i ? 'Edit' : 'Set job and candidate'}
        </Button>
      </div>
      {interview.isLoading ? (
        <Skeleton className="h-20" />
      ) : interview.isError ? (
        <p className="text-sm text-danger" role="alert">
          The interview details could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void interview.refetch()}>
            Try again
          </button>
        </p>
      ) : !i ? (
        <p className="text-sm text-muted">
          No job or candidate yet. Set them to see this interview in the HR list.
        </p>
      ) : (
        <>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Row label="Job">{i.job?.title ?? 'No job'}</Row>
              <Row label="Candidate">
                {i.candidate ? (
                  <span title={i.candidate.email}>
                    {i.candidate.name}
                    <span className="block truncate text-xs text-muted">{i.candidate.email}</span>
                  </span>
                ) : (
                  'No candidate'
                )}
              </Row>
              <Row label="Round">{i.round}</Row>
              <Row label="Invited to the next round">
                {i.invitedAt ? `${formatDateTime(i.invitedAt)}` : 'Not yet'}
              </Row>
            </dl>
            <div className="grid items-start gap-3 sm:grid-cols-2">
              <SelectField
                label="Status"
                value={i.status}
                onValueChange={(v) => setStatus(v as InterviewStatus)}
                options={STATUS_OPTIONS}
                disabled={status.isPending}
              />
              <SwitchField
                label="Last round"
                description="The candidate's final interview for this job."
                checked={i.lastRound}
                onCheckedChange={setLast}
                disabled={lastRound.isPending}
              />
            </div>
          </div>
        </>
      )}
      <EditDialog
        meetingId={meetingId}
        interview={i}
        open={editing}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
