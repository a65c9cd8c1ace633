import { useState, type FormEvent } from 'react';
import {
  MOCK_SETTINGS_LIMITS as L,
  createMockInterviewBody,
  type CreateMockInterviewBody,
  type MockLevel,
  type MockSettings,
  type ResumeFile,
  type RoleLevel,
  type TalentCompany,
} from '@parley/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormError,
  SelectField,
  TextField,
} from '../../ui';
import { TextArea } from '../interviews';
import { SkillsField } from './SkillsField';

const NO_RESUME = 'none';
const RESUME = 'profile';

/**
 * The mock interview set-up (spec 3 §3: resume, company, role, skills, level, job
 * description) with the settings one-way interview tools offer: how many questions, time to
 * think and to answer, and retakes.
 */
export function MockInterviewForm(props: {
  companies: TalentCompany[];
  options: RoleLevel;
  resume: ResumeFile | null;
  /** The profile's skills, offered first. */
  profileSkills: string[];
  saving: boolean;
  error: string | null;
  onSubmit(body: CreateMockInterviewBody): void;
}) {
  const [resume, setResume] = useState(props.resume ? RESUME : NO_RESUME);
  const [companyName, setCompany] = useState('');
  const [jobRole, setRole] = useState('');
  const [level, setLevel] = useState<MockLevel>('Medium');
  const [skills, setSkills] = useState<string[]>([]);
  const [jobDescription, setJd] = useState('');
  const [settings, setSettings] = useState<MockSettings>({
    questionCount: L.questionCount.default,
    thinkSeconds: L.thinkSeconds.default,
    answerSeconds: L.answerSeconds.default,
    retakes: L.retakes.default,
  });
  const body: CreateMockInterviewBody = {
    useResume: resume === RESUME,
    companyName,
    jobRole,
    level,
    skills,
    jobDescription,
    settings,
  };
  const valid = createMockInterviewBody.safeParse(body).success;
  const number = (key: keyof MockSettings, label: string, hint: string) => {
    const limits = L[key];
    const value = settings[key];
    const bad = !Number.isInteger(value) || value < limits.min || value > limits.max;
    return (
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.valueAsNumber }))}
        error={bad ? `Between ${limits.min} and ${limits.max}` : undefined}
        hint={bad ? undefined : hint}
      />
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) props.onSubmit(body);
  };
  const suggestions = [...new Set([...props.profileSkills, ...props.options.skills])].slice(0, 12);

  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label="Set up a mock interview">
      <Card>
        <CardHeader>
          <CardTitle>The job</CardTitle>
          <CardDescription>
            Questions are chosen for this role and level, and tailored to your skills and the job
            description.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Resume"
            value={resume}
            onValueChange={setResume}
            options={[
              ...(props.resume ? [{ value: RESUME, label: props.resume.fileName }] : []),
              { value: NO_RESUME, label: 'Do not use a resume' },
            ]}
          />
          <SelectField
            label="Company"
            value={companyName}
            onValueChange={setCompany}
            placeholder="Choose a company"
            options={props.companies.map((c) => ({ value: c.name, label: c.name }))}
          />
          <SelectField
            label="Role"
            value={jobRole}
            onValueChange={setRole}
            placeholder="Choose a role"
            options={props.options.roles.map((r) => ({ value: r.name, label: r.name }))}
          />
          <SelectField
            label="Level"
            value={level}
            onValueChange={(v) => setLevel(v as MockLevel)}
            options={props.options.levels.map((l) => ({ value: l, label: l }))}
          />
          <div className="sm:col-span-2">
            <SkillsField
              label="Skills to be asked about"
              skills={skills}
              onChange={setSkills}
              suggestions={suggestions}
            />
          </div>
          <div className="sm:col-span-2">
            <TextArea
              label="Job description"
              rows={5}
              maxLength={8000}
              value={jobDescription}
              onChange={setJd}
              placeholder="Paste the job ad (optional)"
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>How it runs</CardTitle>
          <CardDescription>
            Like a one-way video interview: each question is asked, you get time to think, then time
            to answer.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {number('questionCount', 'Questions', `${L.questionCount.min}–${L.questionCount.max}`)}
          {number('thinkSeconds', 'Think time (seconds)', 'Before each answer')}
          {number('answerSeconds', 'Answer time (seconds)', 'For each answer')}
          {number('retakes', 'Retakes allowed', 'Per question')}
        </CardContent>
      </Card>
      <div className="flex flex-col items-end gap-2">
        <FormError message={props.error} />
        <Button type="submit" disabled={!valid} loading={props.saving}>
          {props.saving ? 'Preparing questions…' : 'Set up interview'}
        </Button>
      </div>
    </form>
  );
}
