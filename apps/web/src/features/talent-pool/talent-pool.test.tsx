import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  EMPTY_PROFILE_DATA,
  TALENT_PROFILE_MESSAGES as M,
  type RoleLevel,
  type TalentProfile,
} from '@parley/contracts';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { MockInterviewForm } from './MockInterviewForm';
import { ProfileEditor } from './ProfileEditor';
import { ResumeCard } from './ResumeCard';

setUpPageTests();
// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

const profile: TalentProfile = {
  email: 'seeker@parley.local',
  profileData: {
    ...EMPTY_PROFILE_DATA,
    fullName: 'Jordan Rivera',
    headline: 'Senior Software Engineer',
    skills: ['Python', 'Kubernetes'],
  },
  workExperience: [
    {
      title: 'Software Engineer',
      company: 'Northwind Data',
      start: '2017-06',
      end: '2021-02',
      current: false,
      description: 'Built pipelines',
    },
  ],
  resume: {
    fileName: 'jordan.pdf',
    contentType: 'application/pdf',
    size: 20480,
    uploadedAt: '2026-11-01T10:00:00.000Z',
    textChars: 900,
  },
  parsed: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const options: RoleLevel = {
  roles: [
    {
      id: 'r1',
      name: 'Software engineer',
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      questionCounts: { Easy: 6, Medium: 6, Hard: 6 },
    },
  ],
  levels: ['Easy', 'Medium', 'Hard'],
  skills: ['Javascript', 'React'],
};

function choose(label: string, option: string) {
  fireEvent.pointerDown(screen.getByRole('combobox', { name: label }), {
    button: 0,
    ctrlKey: false,
    pointerType: 'mouse',
  });
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('profile editor', () => {
  it('saves the corrected name, skills and jobs, and only once something changed', () => {
    const onSave = vi.fn();
    renderWithProviders(
      <ProfileEditor profile={profile} saving={false} error={null} onSave={onSave} />,
    );
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(disabled(save)).toBe(true);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jordan A. Rivera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Kubernetes' }));
    const skill = screen.getByLabelText('Skills', { selector: 'input' });
    fireEvent.change(skill, { target: { value: 'Go' } });
    fireEvent.keyDown(skill, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: /Add job/ }));
    const newJob = screen.getByRole('group', { name: 'Job 1' });
    fireEvent.change(within(newJob).getByLabelText('Title'), {
      target: { value: 'Staff Engineer' },
    });
    fireEvent.change(within(newJob).getByLabelText('Company'), { target: { value: 'Lumen' } });
    fireEvent.change(within(newJob).getByLabelText('Start'), { target: { value: '2021-3' } });
    expect(within(newJob).getByRole('alert').textContent).toContain('year and month');
    expect(disabled(save)).toBe(true);
    fireEvent.change(within(newJob).getByLabelText('Start'), { target: { value: '2021-03' } });
    fireEvent.click(within(newJob).getByRole('checkbox', { name: 'I work here now' }));
    fireEvent.click(save);

    expect(onSave).toHaveBeenCalledTimes(1);
    const [data, jobs] = onSave.mock.calls[0] as [
      TalentProfile['profileData'],
      TalentProfile['workExperience'],
    ];
    expect(data.fullName).toBe('Jordan A. Rivera');
    expect(data.skills).toEqual(['Python', 'Go']);
    expect(jobs[0]).toEqual({
      title: 'Staff Engineer',
      company: 'Lumen',
      start: '2021-03',
      end: null,
      current: true,
      description: '',
    });
    expect(jobs[1]?.company).toBe('Northwind Data');
  });

  it('shows the server’s message when saving fails', () => {
    renderWithProviders(
      <ProfileEditor
        profile={profile}
        saving={false}
        error={M.saveProfileFailed}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(M.saveProfileFailed);
  });
});

describe('resume card', () => {
  it('refuses a file over 10 MB before uploading, and uploads a PDF', async () => {
    const onUpload = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <ResumeCard
        resume={null}
        uploading={false}
        deleting={false}
        onUpload={onUpload}
        onDelete={vi.fn()}
      />,
    );
    const input = screen.getByTestId('resume-input');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain(M.tooLarge);
    expect(onUpload).not.toHaveBeenCalled();
    const small = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(onUpload).toHaveBeenCalledWith(small);
  });

  it('shows the file on record and the server’s reason for a scanned PDF', async () => {
    const onUpload = vi.fn(() => Promise.reject(new Error(M.scannedPdf)));
    renderWithProviders(
      <ResumeCard
        resume={profile.resume}
        uploading={false}
        deleting={false}
        onUpload={onUpload}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByText('jordan.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Replace resume/ })).toBeTruthy();
    fireEvent.change(screen.getByTestId('resume-input'), {
      target: { files: [new File(['%PDF'], 'scan.pdf')] },
    });
    // Not an API error: the card falls back to the spec's message.
    expect((await screen.findByRole('alert')).textContent).toContain(M.saveProfileFailed);
  });
});

describe('mock interview set-up form', () => {
  it('sends resume, company, role, level, skills, job description and the settings', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <MockInterviewForm
        companies={[
          { id: 'c1', name: 'Google', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' },
        ]}
        options={options}
        resume={profile.resume}
        profileSkills={profile.profileData.skills}
        saving={false}
        error={null}
        onSubmit={onSubmit}
      />,
    );
    const submit = screen.getByRole('button', { name: 'Set up interview' });
    expect(disabled(submit)).toBe(true);
    choose('Company', 'Google');
    choose('Role', 'Software engineer');
    choose('Level', 'Hard');
    fireEvent.click(screen.getByRole('button', { name: '+ Kubernetes' }));
    fireEvent.change(screen.getByLabelText('Job description'), {
      target: { value: 'Kafka at scale' },
    });
    fireEvent.change(screen.getByLabelText('Questions'), { target: { value: '12' } });
    expect(screen.getByText('Between 3 and 10')).toBeTruthy();
    expect(disabled(submit)).toBe(true);
    fireEvent.change(screen.getByLabelText('Questions'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Think time (seconds)'), { target: { value: '15' } });
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({
      useResume: true,
      companyName: 'Google',
      jobRole: 'Software engineer',
      level: 'Hard',
      skills: ['Kubernetes'],
      jobDescription: 'Kafka at scale',
      settings: { questionCount: 7, thinkSeconds: 15, answerSeconds: 120, retakes: 1 },
    });
  });
});
