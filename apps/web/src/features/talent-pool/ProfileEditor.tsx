import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  profileDataSchema,
  workExperienceSchema,
  type ProfileData,
  type TalentProfile,
  type WorkExperienceItem,
} from '@parley/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckboxField,
  FormError,
  TextField,
} from '../../ui';
import { TextArea } from '../interviews';
import { SkillsField } from './SkillsField';

const EMPTY_JOB: WorkExperienceItem = {
  title: '',
  company: '',
  start: null,
  end: null,
  current: false,
  description: '',
};
const MONTH = /^\d{4}(-(0[1-9]|1[0-2]))?$/;
const monthError = (v: string | null) =>
  v && !MONTH.test(v) ? 'Use a year (2021) or a year and month (2021-04)' : undefined;

/**
 * The profile as the parser read it, for the person to correct: name and headline, skills,
 * work experience and education. Nothing is saved until they press Save.
 */
export function ProfileEditor(props: {
  profile: TalentProfile;
  saving: boolean;
  error: string | null;
  onSave(profileData: ProfileData, workExperience: WorkExperienceItem[]): void;
}) {
  const [data, setData] = useState<ProfileData>(props.profile.profileData);
  const [jobs, setJobs] = useState<WorkExperienceItem[]>(props.profile.workExperience);
  const dirty =
    JSON.stringify(data) !== JSON.stringify(props.profile.profileData) ||
    JSON.stringify(jobs) !== JSON.stringify(props.profile.workExperience);
  const valid =
    profileDataSchema.safeParse(data).success && workExperienceSchema.safeParse(jobs).success;
  const set = <K extends keyof ProfileData>(key: K, value: ProfileData[K]) =>
    setData((d) => ({ ...d, [key]: value }));
  const setJob = (i: number, patch: Partial<WorkExperienceItem>) =>
    setJobs((js) => js.map((j, k) => (k === i ? { ...j, ...patch } : j)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dirty && valid) props.onSave(data, jobs);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label="Your profile">
      <Card>
        <CardHeader>
          <CardTitle>About you</CardTitle>
          <CardDescription>Read from your resume; correct anything it got wrong.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Full name"
            value={data.fullName}
            maxLength={120}
            onChange={(e) => set('fullName', e.target.value)}
          />
          <TextField
            label="Headline"
            value={data.headline}
            maxLength={200}
            onChange={(e) => set('headline', e.target.value)}
          />
          <TextField
            label="Phone"
            value={data.phone}
            maxLength={40}
            onChange={(e) => set('phone', e.target.value)}
          />
          <TextField
            label="Location"
            value={data.location}
            maxLength={120}
            onChange={(e) => set('location', e.target.value)}
          />
          <div className="sm:col-span-2">
            <TextArea
              label="Summary"
              value={data.summary}
              maxLength={4000}
              rows={3}
              onChange={(v) => set('summary', v)}
            />
          </div>
          <div className="sm:col-span-2">
            <SkillsField
              label="Skills"
              skills={data.skills}
              onChange={(s) => set('skills', s)}
              hint="Mock interview questions are tailored to these."
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <CardTitle>Work experience</CardTitle>
            <CardDescription>
              Most recent first. Leave the end empty and tick “I work here now” for your current
              job.
            </CardDescription>
          </div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setJobs((js) => [EMPTY_JOB, ...js])}
          >
            <Plus className="size-4" aria-hidden /> Add job
          </Button>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {jobs.length === 0 ? (
            <p className="text-sm text-muted">No jobs yet. Upload a resume or add one.</p>
          ) : null}
          {jobs.map((job, i) => (
            <fieldset
              key={i}
              className="grid gap-3 rounded-card border border-border p-4 sm:grid-cols-2"
            >
              <legend className="px-1 text-xs font-medium text-muted">Job {i + 1}</legend>
              <TextField
                label="Title"
                value={job.title}
                maxLength={120}
                onChange={(e) => setJob(i, { title: e.target.value })}
              />
              <TextField
                label="Company"
                value={job.company}
                maxLength={120}
                onChange={(e) => setJob(i, { company: e.target.value })}
              />
              <TextField
                label="Start"
                placeholder="2021-04"
                value={job.start ?? ''}
                error={monthError(job.start)}
                onChange={(e) => setJob(i, { start: e.target.value.trim() || null })}
              />
              <TextField
                label="End"
                placeholder={job.current ? 'Present' : '2023-09'}
                value={job.end ?? ''}
                disabled={job.current}
                error={monthError(job.end)}
                onChange={(e) => setJob(i, { end: e.target.value.trim() || null })}
              />
              <div className="sm:col-span-2">
                <CheckboxField
                  label="I work here now"
                  checked={job.current}
                  onCheckedChange={(c) => setJob(i, { current: c, ...(c ? { end: null } : {}) })}
                />
              </div>
              <div className="sm:col-span-2">
                <TextArea
                  label="What you did"
                  value={job.description}
                  rows={3}
                  maxLength={4000}
                  onChange={(v) => setJob(i, { description: v })}
                />
              </div>
              <div className="sm:col-span-2 flex justify-end">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setJobs((js) => js.filter((_, k) => k !== i))}
                >
                  <Trash2 className="size-4" aria-hidden /> Remove job {i + 1}
                </Button>
              </div>
            </fieldset>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Education</CardTitle>
          <CardDescription>One line each.</CardDescription>
        </CardHeader>
        <CardContent>
          <TextArea
            label="Education"
            rows={3}
            value={data.education.join('\n')}
            onChange={(v) => set('education', v.split('\n').slice(0, 20))}
          />
        </CardContent>
      </Card>

      <div className="flex flex-col items-end gap-2">
        <FormError message={props.error} />
        <Button type="submit" disabled={!dirty || !valid} loading={props.saving}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
