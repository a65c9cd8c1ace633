import { MAX_ROUND, type JobListItem, type SetInterviewBody } from '@parley/contracts';
import { SelectField, TextField } from '../../ui';

/** What the upload dialog and the details card edit of an interview. */
export interface InterviewDraft {
  /** '' for no job. */
  jobId: string;
  candidateName: string;
  candidateEmail: string;
  round: number;
}

export const emptyInterviewDraft: InterviewDraft = {
  jobId: '',
  candidateName: '',
  candidateEmail: '',
  round: 1,
};

const NO_JOB = 'none';
const ROUND_OPTIONS = Array.from({ length: MAX_ROUND }, (_, i) => ({
  value: String(i + 1),
  label: `Round ${i + 1}`,
}));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the draft says anything (an upload without it sets no interview). */
export const draftIsSet = (d: InterviewDraft) =>
  d.jobId !== '' || d.candidateEmail.trim() !== '' || d.candidateName.trim() !== '';

/** The problem with the draft, or null: a name needs an e-mail, an e-mail must be one. */
export function draftProblem(d: InterviewDraft): string | null {
  const email = d.candidateEmail.trim();
  if (email && !EMAIL.test(email)) return 'Enter a valid e-mail';
  if (d.candidateName.trim() && !email) return 'Give the candidate’s e-mail';
  return null;
}

export const bodyOf = (d: InterviewDraft): SetInterviewBody => ({
  jobId: d.jobId || null,
  candidateName: d.candidateName.trim() || undefined,
  candidateEmail: d.candidateEmail.trim(),
  round: d.round,
});

/** Job, candidate (name and e-mail) and round of an interview. */
export function InterviewFields({
  value,
  onChange,
  jobs,
  disabled,
}: {
  value: InterviewDraft;
  onChange(next: InterviewDraft): void;
  jobs: JobListItem[];
  disabled?: boolean;
}) {
  const problem = draftProblem(value);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Job"
        value={value.jobId || NO_JOB}
        onValueChange={(v) => onChange({ ...value, jobId: v === NO_JOB ? '' : v })}
        options={[
          { value: NO_JOB, label: 'No job' },
          ...jobs.map((j) => ({ value: j.id, label: j.title })),
        ]}
        disabled={disabled}
      />
      <SelectField
        label="Round"
        value={String(value.round)}
        onValueChange={(v) => onChange({ ...value, round: Number(v) })}
        options={ROUND_OPTIONS}
        disabled={disabled}
      />
      <TextField
        label="Candidate name"
        value={value.candidateName}
        maxLength={200}
        autoComplete="off"
        onChange={(e) => onChange({ ...value, candidateName: e.target.value })}
        disabled={disabled}
      />
      <TextField
        label="Candidate e-mail"
        type="email"
        value={value.candidateEmail}
        maxLength={320}
        autoComplete="off"
        onChange={(e) => onChange({ ...value, candidateEmail: e.target.value })}
        error={problem ?? undefined}
        disabled={disabled}
      />
    </div>
  );
}
