import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  DEFAULT_ROLE_PERMISSIONS,
  analysisRoutes,
  insightRoutes,
  meetingRoutes,
  mockFeedbackRoutes as routes,
  mockRunRoutes,
  talentProfileRoutes,
  type InsightItem,
  type Meeting,
  type MeetingInsights,
  type MockFeedback,
  type OfflineStatus,
  type PracticeGoal,
} from '@parley/contracts';
import { setAuthenticated } from '../../../lib/auth-store';
import { fakeServer, json } from '../../../test/fake-server';
import { setUpPageTests } from '../../../test/page-setup';
import { renderWithProviders } from '../../../test/render';
import { authSuccess } from '../../../test/sign-in';
import { mockRun } from '../api';
import MockInterviewFeedbackPage from './MockInterviewFeedbackPage';

setUpPageTests();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
});

const seeker = () => {
  const auth = authSuccess({ bundles: [], isB2C: true });
  setAuthenticated({
    ...auth,
    user: {
      ...auth.user,
      role: 'talentPoolUser',
      position: 'B2CUSER',
      permissions: [...DEFAULT_ROLE_PERMISSIONS.talentPoolUser],
    },
  });
};

const meeting = (over: Partial<Meeting> = {}) =>
  ({
    id: 'm1',
    meetingName: 'Mock interview: Software engineer at Google',
    inferenceStatus: 'processed',
    statusReason: null,
    storageLink: '/media/m1.mkv',
    imageLink: null,
    ...over,
  }) as Meeting;

const hr = (promptName: string, score: number): InsightItem => ({
  promptName,
  group: 'hr',
  result: { score, insights: [], tags: [] },
  citations: { score: [], items: [] },
  provider: 'local',
  model: 'parley-local',
  updatedAt: '2026-11-27T10:00:00.000Z',
});
const insights: MeetingInsights = {
  meetingId: 'm1',
  data: [hr('Technical', 40), hr('Communication', 50)],
  overallScore: 45,
  threshold: 70,
};

const ANALYSED: MockFeedback = {
  interviewId: 'i1',
  state: 'analysed',
  meetingId: 'm1',
  analysisStatus: 'processed',
  statusReason: null,
  feedback: {
    by: 'built-in',
    createdAt: '2026-11-27T10:00:00.000Z',
    answers: [
      {
        question: 0,
        questionText: 'Tell me about a conflict in your team.',
        transcript: 'at my last job our team had a conflict about the release date',
        moment: { start: 12.5, end: 75 },
        score: 82,
        strengths: ['A clear story: situation, what you did and how it ended'],
        practiseNext: ['Add one number you can stand behind (time, users, money, errors)'],
        signals: ['96 words: 25/25'],
      },
      {
        question: 1,
        questionText: 'How would you design a cache?',
        transcript: 'um yes',
        moment: { start: 80, end: 84 },
        score: null,
        strengths: [],
        practiseNext: ['Answer every question out loud, for about a minute'],
        signals: ['2 words heard', 'Not enough signal: the answer was empty or too short to judge'],
      },
    ],
    betterAnswer: {
      question: 0,
      questionText: 'Tell me about a conflict in your team.',
      text: 'Situation: one or two sentences on where you were.\nResult: what changed.',
    },
    goals: [
      {
        goalId: 'g1',
        kind: 'yes_no',
        text: 'Give a number in every answer',
        met: false,
        rating: null,
        reason: '0 of 1 answers gave a number',
      },
      {
        goalId: 'g2',
        kind: 'rating',
        text: 'Avoid filler words',
        met: null,
        rating: 7,
        reason: '3 filler words in 100 (3.0%)',
      },
    ],
  },
};

const GOALS: PracticeGoal[] = [
  {
    id: 'g1',
    kind: 'yes_no',
    text: 'Give a number in every answer',
    createdAt: '2026-11-01T00:00:00Z',
  },
];

function page() {
  return renderWithProviders(
    <Routes>
      <Route path="/mock-interviews/:id/feedback" element={<MockInterviewFeedbackPage />} />
    </Routes>,
    { path: '/mock-interviews/i1/feedback' },
  );
}

function server(feedback: MockFeedback | Response, m: Meeting = meeting()) {
  return fakeServer()
    .on(routes.feedback, feedback)
    .on(routes.goals, { data: GOALS })
    .on(
      talentProfileRoutes.getMockInterview,
      json({ statusCode: 500, error: 'x', message: 'x' }, 500),
    )
    .on(meetingRoutes.get, m)
    .on(insightRoutes.meeting, insights);
}

describe('the mock interview feedback page', () => {
  it('shows each answer with its moment, the better answer and the goals’ results, without a recommendation', async () => {
    seeker();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    server(ANALYSED);
    page();
    const cards = await screen.findAllByTestId('answer-feedback');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('82/100')).toBeTruthy();
    expect(
      within(cards[0]!).getByText(
        'Add one number you can stand behind (time, users, money, errors)',
      ),
    ).toBeTruthy();
    expect(within(cards[1]!).getByText('Not enough signal')).toBeTruthy();
    expect(screen.getByTestId('better-answer').textContent).toContain(
      'For your weakest answer, question 1',
    );
    const goals = screen.getAllByTestId('goal-result');
    expect(goals.map((g) => g.textContent)).toEqual([
      expect.stringContaining('Not yet'),
      expect.stringContaining('7/10'),
    ]);
    // Candidate Analysis is there, but a seeker (B2CUSER) is never told recommended or not.
    expect(await screen.findByText('Technical')).toBeTruthy();
    expect(screen.queryByTestId('recommendation')).toBeNull();

    // Play from the moment: the recording seeks to the answer's start and plays.
    const video = document.querySelector('video')!;
    fireEvent.click(
      screen.getByRole('button', { name: 'Play your answer to question 1 from 0:12' }),
    );
    expect(video.currentTime).toBe(12.5);
    expect(play).toHaveBeenCalled();
    // The first render loads the player, the analysis and the page: slow on a busy machine.
  }, 20_000);

  it('says the analysis is in progress, with its progress, until the feedback is written', async () => {
    seeker();
    const waiting: MockFeedback = {
      ...ANALYSED,
      state: 'submitted',
      analysisStatus: 'analysing',
      feedback: null,
    };
    const status: OfflineStatus = {
      meetingId: 'm1',
      inferenceStatus: 'analysing',
      statusReason: null,
      runId: 'r1',
      progress: 40,
      steps: [],
      engine: null,
    };
    server(waiting, meeting({ inferenceStatus: 'analysing' })).on(analysisRoutes.status, status);
    page();
    expect(await screen.findByText('Analysis in progress')).toBeTruthy();
    expect(await screen.findByText('40% done')).toBeTruthy();
    expect(screen.queryAllByTestId('answer-feedback')).toHaveLength(0);
  });

  it('says so when the interview is not the seeker’s (or does not exist)', async () => {
    seeker();
    server(json({ statusCode: 404, error: 'Not Found', message: 'Mock interview not found' }, 404));
    page();
    expect(await screen.findByText('Mock interview not found')).toBeTruthy();
  });

  it('adds and deletes practice goals from the keyboard', async () => {
    seeker();
    const s = server(ANALYSED)
      .on(routes.createGoal, ({ body }) => ({
        id: 'g2',
        createdAt: '2026-11-27T00:00:00Z',
        ...(body as { kind: 'rating'; text: string }),
      }))
      .on(routes.deleteGoal, { message: 'Practice goal deleted' });
    page();
    const field = await screen.findByLabelText('New goal');
    fireEvent.change(field, { target: { value: 'Use the STAR method' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(s.calls(routes.createGoal)).toHaveLength(1));
    expect(JSON.parse(String(s.calls(routes.createGoal)[0]![1]!.body))).toEqual({
      kind: 'yes_no',
      text: 'Use the STAR method',
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Delete the goal “Give a number in every answer”' }),
    );
    await waitFor(() => expect(s.calls(routes.deleteGoal)).toHaveLength(1));
  });
});

describe('the interview run', () => {
  it('sends where each answer began and ended in the recording, so feedback can play it', async () => {
    const s = fakeServer().on(mockRunRoutes.answer, {
      transcript: 'hello',
      words: 1,
      reason: 'short',
      next: { kind: 'done', index: 1, text: '' },
    });
    await mockRun.answer('i1', 0, false, new Blob(['x'], { type: 'audio/webm' }), {
      startMs: 12_500,
      endMs: 75_000,
    });
    await mockRun.answer('i1', 0, true, new Blob(['x'], { type: 'audio/webm' }));
    const [withMoment, without] = s
      .calls(mockRunRoutes.answer)
      .map(([input]) => new URL(String(input), 'http://localhost').searchParams);
    expect(withMoment?.get('startMs')).toBe('12500');
    expect(withMoment?.get('endMs')).toBe('75000');
    expect(without?.has('startMs')).toBe(false);
  });
});
