import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  SCORECARD_MESSAGES as S,
  scorecardRoutes,
  type CompareResponse,
  type Scorecard,
  type ScorecardView,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import ComparePage from './ComparePage';
import { ScorecardTab } from './ScorecardTab';
import { compareIdsOf, compareUrl } from './api';

const SLOW = { timeout: 5000 };
const rubric = ['None', 'Weak', 'Fair', 'Good', 'Excellent'];
const kit = [
  {
    name: 'Problem solving',
    description: 'Breaks a problem down',
    questions: ['A hard bug?'],
    rubric,
  },
  { name: 'Kubernetes', description: '', questions: [], rubric },
];
const moment = { start: 12.5, end: 16, speaker: 'Ada', quote: 'I bisected the commits' };

const card = (over: Partial<Scorecard>): Scorecard => ({
  id: 'c1',
  meetingId: 'm1',
  author: null,
  ratings: [
    {
      competency: 'Problem solving',
      rating: 4,
      discussed: true,
      notes: 'Clear',
      evidence: [moment],
    },
    {
      competency: 'Kubernetes',
      rating: null,
      discussed: false,
      notes: S.notDiscussed,
      evidence: [],
    },
  ],
  recommendation: null,
  summary: 'Drafted by the built-in engine.',
  provider: 'local',
  model: 'parley-local',
  submittedAt: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

const VIEW: ScorecardView = {
  meetingId: 'm1',
  job: { id: 'j1', title: 'Backend engineer' },
  candidateName: 'Ada Lovelace',
  competencies: kit,
  draft: card({}),
  draftMissing: null,
  mine: null,
  submitted: [
    card({
      id: 'c2',
      author: { id: 'u2', name: 'Grace Hopper' },
      recommendation: 'strong_yes',
      submittedAt: '2026-11-26T11:00:00.000Z',
      provider: null,
      model: null,
      summary: '',
    }),
  ],
};

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('Scorecard tab', { timeout: 20_000 }, () => {
  it("shows Zai's draft with moments that seek, the form with rubric text, and submitted ones", async () => {
    signInWith([]);
    const server = fakeServer()
      .on(scorecardRoutes.get, VIEW)
      .on(scorecardRoutes.save, ({ body }) => ({ ...card({}), ...(body as object) }) as Scorecard)
      .on(scorecardRoutes.submit, card({ submittedAt: '2026-11-26T12:00:00.000Z' }));
    const onSeek = vi.fn();
    renderWithProviders(<ScorecardTab meetingId="m1" onSeek={onSeek} />);
    const draft = await screen.findByRole('region', { name: "Zai's draft" }, SLOW);
    expect(within(draft).getByText('Not discussed')).toBeTruthy();
    fireEvent.click(within(draft).getByRole('button', { name: 'Play from 00:00:12' }));
    expect(onSeek).toHaveBeenCalledWith(12.5);

    const form = screen.getByRole('region', { name: 'Your scorecard' });
    const scale = within(form).getByRole('radiogroup', { name: 'Problem solving rating' });
    fireEvent.click(within(scale).getByRole('radio', { name: '4 of 5' }));
    expect(within(form).getByTestId('rubric-level').textContent).toBe('4: Good');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Rate or mark as not discussed: Kubernetes.',
    );
    expect(server.calls(scorecardRoutes.submit)).toHaveLength(0);
    fireEvent.click(within(form).getAllByRole('checkbox', { name: 'Not discussed' })[1]!);
    fireEvent.click(within(form).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.calls(scorecardRoutes.submit)).toHaveLength(1));
    const saved = JSON.parse(String(server.calls(scorecardRoutes.save)[0]?.[1]?.body)) as {
      ratings: unknown[];
      recommendation: string;
    };
    expect(saved.recommendation).toBe('yes');
    expect(saved.ratings).toEqual([
      { competency: 'Problem solving', rating: 4, discussed: true, notes: '', evidence: [] },
      { competency: 'Kubernetes', rating: null, discussed: false, notes: '', evidence: [] },
    ]);

    const submitted = screen.getByRole('region', { name: 'Submitted scorecards' });
    expect(within(submitted).getByText('Grace Hopper')).toBeTruthy();
    expect(within(submitted).getByText('Strong yes')).toBeTruthy();
  });

  it('says when the meeting is not an interview of a job', async () => {
    signInWith([]);
    fakeServer().on(scorecardRoutes.get, {
      ...VIEW,
      job: null,
      competencies: [],
      draft: null,
      draftMissing: S.notInterview,
      submitted: [],
    });
    renderWithProviders(<ScorecardTab meetingId="m1" onSeek={() => {}} />);
    expect(await screen.findByText('Not an interview of a job', {}, SLOW)).toBeTruthy();
  });
});

const COMPARE: CompareResponse = {
  job: { id: 'j1', title: 'Backend engineer' },
  competencies: ['Problem solving', 'Kubernetes'],
  candidates: [
    {
      meetingId: 'm1',
      meetingName: 'ada-round-1',
      candidateName: 'Ada Lovelace',
      round: 1,
      overallScore: 72,
      categories: [{ name: 'Technical', score: 80 }],
      competencies: [
        { competency: 'Problem solving', score: 4.5, source: 'interviewers', raters: 2 },
        { competency: 'Kubernetes', score: null, source: 'none', raters: 0 },
      ],
      strengths: [
        { competency: 'Problem solving', rating: 4.5, note: 'Clear', evidence: [moment] },
      ],
      concerns: [],
    },
    {
      meetingId: 'm2',
      meetingName: 'grace-round-1',
      candidateName: 'Grace Hopper',
      round: 1,
      overallScore: null,
      categories: [],
      competencies: [
        { competency: 'Problem solving', score: 2, source: 'draft', raters: 0 },
        { competency: 'Kubernetes', score: null, source: 'none', raters: 0 },
      ],
      strengths: [],
      concerns: [{ competency: 'Problem solving', rating: 2, note: '', evidence: [] }],
    },
  ],
};

describe('Compare page', { timeout: 20_000 }, () => {
  it('builds and reads its URL', () => {
    expect(compareUrl(['a', 'b'])).toBe('/interviews/compare?ids=a,b');
    expect(compareIdsOf(' a,b,,a ')).toEqual(['a', 'b']);
  });

  it('shows the candidates side by side with moments linking into the interview', async () => {
    signInWith([]);
    const server = fakeServer().on(scorecardRoutes.compare, COMPARE);
    renderWithProviders(<ComparePage />, { path: compareUrl(['m1', 'm2']) });
    const columns = await screen.findAllByTestId('compare-candidate', {}, SLOW);
    expect(columns).toHaveLength(2);
    expect(within(columns[0]!).getByText('2 interviewers')).toBeTruthy();
    expect(within(columns[1]!).getByText("Zai's draft")).toBeTruthy();
    const link = within(columns[0]!).getByRole('link', { name: /00:00:12/ });
    expect(link.getAttribute('href')).toBe('/interviews/m1?t=12');
    const [call] = server.calls(scorecardRoutes.compare);
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('meetingIds')).toBe(
      'm1,m2',
    );
  });

  it('asks for two to four interviews, and shows the server’s refusal', async () => {
    signInWith([]);
    renderWithProviders(<ComparePage />, { path: compareUrl(['m1']) });
    expect(await screen.findByText('Choose interviews to compare', {}, SLOW)).toBeTruthy();
    cleanup();
    fakeServer().on(
      scorecardRoutes.compare,
      new Response(JSON.stringify({ statusCode: 400, message: S.compareOneJob }), { status: 400 }),
    );
    renderWithProviders(<ComparePage />, { path: compareUrl(['m1', 'm2']) });
    expect(await screen.findByText(S.compareOneJob, {}, SLOW)).toBeTruthy();
  });
});
