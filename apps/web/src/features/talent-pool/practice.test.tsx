import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_ROLE_PERMISSIONS,
  talentProgressRoutes as routes,
  type PracticeAnalysis,
  type PracticeMeeting,
  type PracticeMonth,
} from '@parley/contracts';
import { setAuthenticated } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { authSuccess } from '../../test/sign-in';
import PracticeHome from './PracticeHome';
import {
  isNewSeeker,
  mondayOf,
  monthLabel,
  monthRows,
  monthTick,
  scoreTone,
  streakNote,
  yearChoices,
} from './practice-model';

setUpPageTests();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));

const empty = (month: number): PracticeMonth => ({
  month,
  practices: 0,
  scoredPractices: 0,
  averageScore: null,
  skills: { Technical: null, Communication: null, Behavioral: null },
});
const months = Array.from({ length: 12 }, (_, i) => empty(i + 1));
const NONE: PracticeAnalysis = {
  year: 2026,
  months,
  practices: 0,
  averageScore: null,
  streak: { unit: 'week', current: 0, longest: 0, lastWeek: null },
  nextPractice: null,
};

describe('the practice model', () => {
  it('offers this year and the four before, and a month row per month keyed by its first day', () => {
    expect(yearChoices(new Date('2026-01-03T00:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022]);
    const withMarch = months.map((m) =>
      m.month === 3
        ? {
            ...m,
            practices: 2,
            averageScore: 71,
            skills: { Technical: 80, Communication: 55, Behavioral: null },
          }
        : m,
    );
    const rows = monthRows(2026, withMarch);
    expect(rows).toHaveLength(12);
    expect(rows[2]).toEqual({
      month: '2026-03-01',
      practices: 2,
      averageScore: 71,
      Technical: 80,
      Communication: 55,
      Behavioral: null,
    });
    expect(monthTick('2026-03-01')).toBe('Mar');
    expect(monthLabel('2026-12-01')).toBe('December 2026');
  });

  it('says what keeps the weekly streak going', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(mondayOf(now)).toBe('2026-11-23');
    expect(streakNote({ unit: 'week', current: 0, longest: 0, lastWeek: null }, now)).toBe(
      'Practise once a week to start a streak.',
    );
    expect(streakNote({ unit: 'week', current: 3, longest: 3, lastWeek: '2026-11-23' }, now)).toBe(
      'You practised this week. Your best yet.',
    );
    expect(streakNote({ unit: 'week', current: 2, longest: 5, lastWeek: '2026-11-16' }, now)).toBe(
      'Practise before Sunday to keep it going. Your best is 5 weeks.',
    );
    expect(streakNote({ unit: 'week', current: 0, longest: 1, lastWeek: '2026-10-05' }, now)).toBe(
      'Your longest streak was 1 week. Practise this week to start again.',
    );
  });

  it('tones scores by the recommendation threshold and knows a new seeker', () => {
    expect([scoreTone(70), scoreTone(69), scoreTone(null)]).toEqual([
      'success',
      'warning',
      'neutral',
    ]);
    expect(isNewSeeker(NONE)).toBe(true);
    expect(
      isNewSeeker({
        ...NONE,
        nextPractice: {
          skill: null,
          skillScore: null,
          suggestion: 'x',
          companyName: 'Google',
          jobRole: 'Software engineer',
          level: 'Easy',
        },
      }),
    ).toBe(false);
  });
});

const seeker = () => {
  const auth = authSuccess({ bundles: [], isB2C: true });
  setAuthenticated({
    ...auth,
    user: {
      ...auth.user,
      role: 'talentPoolUser',
      permissions: [...DEFAULT_ROLE_PERMISSIONS.talentPoolUser],
    },
  });
};

const practice = (over: Partial<PracticeMeeting>): PracticeMeeting => ({
  id: 'm1',
  organizationId: 'o',
  ownerId: 'u1',
  meetingName: 'mock-interview-1',
  meetingCode: 'mock-interview-1.webm',
  title: null,
  stage: 'basic_meeting',
  type: 'offline',
  isOffline: true,
  inferenceStatus: 'processed',
  statusReason: null,
  startTime: '2026-03-10T09:00:00.000Z',
  duration: 10,
  durationSec: 600,
  mediaNotice: null,
  storageProvider: 'local',
  storageLink: null,
  imageLink: null,
  mimeType: 'video/webm',
  sizeBytes: 1,
  meetingLink: null,
  additionalDetails: {},
  dealId: null,
  createdAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T09:00:00.000Z',
  overallScore: 72,
  skills: { Technical: 90, Communication: 50, Behavioral: 76 },
  mockInterview: { id: 'i1', companyName: 'Google', jobRole: 'Software engineer', level: 'Hard' },
  ...over,
});

describe('the seeker’s home', () => {
  it('greets a new seeker with the way to a first mock interview', async () => {
    seeker();
    fakeServer().on(routes.practiceAnalysis, NONE);
    renderWithProviders(<PracticeHome />);
    expect(
      await screen.findByText('No practice yet — set up your first mock interview'),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /set up a mock interview/i }).getAttribute('href'),
    ).toBe('/mock-interviews/new');
  });

  it('shows the next practice, the streak, the year’s figures and the practice list', async () => {
    seeker();
    const server = fakeServer()
      .on(routes.practiceAnalysis, ({ body }): PracticeAnalysis => ({
        ...NONE,
        year: (body as { year: number }).year,
        months: months.map((m) =>
          m.month === 3
            ? {
                ...m,
                practices: 1,
                scoredPractices: 1,
                averageScore: 72,
                skills: { Technical: 90, Communication: 50, Behavioral: 76 },
              }
            : m,
        ),
        practices: 1,
        averageScore: 72,
        streak: { unit: 'week', current: 3, longest: 4, lastWeek: mondayOf(new Date()) },
        nextPractice: {
          skill: 'Communication',
          skillScore: 50,
          suggestion: 'Lead each answer with the point.',
          companyName: 'Google',
          jobRole: 'Software engineer',
          level: 'Hard',
        },
      }))
      .on(routes.practiceMeetings, { data: [practice({})], count: 1 });
    renderWithProviders(<PracticeHome />);
    const next = await screen.findByTestId('home-next-step');
    expect(within(next).getByText('Focus on Communication (50 / 100 lately)')).toBeTruthy();
    expect(within(next).getByText('Lead each answer with the point.')).toBeTruthy();
    expect(
      within(next).getByText('Last set up for: Software engineer at Google, Hard'),
    ).toBeTruthy();
    expect(
      within(next)
        .getByRole('link', { name: /practise now/i })
        .getAttribute('href'),
    ).toBe('/mock-interviews/new');
    const streak = screen.getByTestId('practice-streak');
    expect(within(streak).getByText('3 weeks')).toBeTruthy();
    expect(within(streak).getByText('You practised this week. Your best is 4 weeks.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Your practice meetings' });
    expect(within(table).getByRole('link', { name: 'mock-interview-1' }).getAttribute('href')).toBe(
      '/library/m1',
    );
    expect(within(table).getByText('72 / 100')).toBeTruthy();
    expect(within(table).getByText('90 · 50 · 76')).toBeTruthy();
    expect(within(table).getByText('Software engineer · Google · Hard')).toBeTruthy();
    await waitFor(() => {
      const asked = server.calls(routes.practiceAnalysis);
      expect(asked.length).toBeGreaterThan(0);
      expect(JSON.parse(String(asked[0]?.[1]?.body))).toEqual({
        year: new Date().getUTCFullYear(),
      });
    });
  });
});
