import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealWarning } from '@parley/contracts';
import { renderWithProviders } from '../../test/render';
import { DealWarnings, evidenceLines } from './DealWarnings';

const pricing: DealWarning = {
  kind: 'pricingNotDiscussed',
  message: 'Pricing never discussed by the customer in 1 call where their side is known',
  evidence: {
    meetingIds: ['m1'],
    moments: [{ meetingId: 'm1', start: 75, end: 76, speaker: 'Remy Rep', text: 'pricing' }],
  },
};
const quiet: DealWarning = {
  kind: 'noRecentCall',
  message: 'No call in 20 days (the last was on Jun 10, 2025)',
  evidence: { meetingIds: ['m1'], lastCallAt: '2025-06-10T10:00:00Z', daysSinceLastCall: 20 },
};

afterEach(cleanup);

describe('DealWarnings', () => {
  it('shows a badge per warning, named by its message', () => {
    renderWithProviders(<DealWarnings warnings={[quiet, pricing]} />);
    expect(screen.getByRole('button', { name: quiet.message }).textContent).toBe('No recent call');
    expect(screen.getByRole('button', { name: pricing.message }).textContent).toBe(
      'Pricing not discussed',
    );
  });

  it('gives the message and its evidence in the tooltip of a focused badge', async () => {
    renderWithProviders(<DealWarnings warnings={[pricing]} />);
    act(() => screen.getByRole('button', { name: pricing.message }).focus());
    expect((await screen.findAllByText('Remy Rep at 1:15: “pricing”')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('1 call behind it').length).toBeGreaterThan(0);
  });

  it('renders nothing for a deal without warnings', () => {
    const { container } = renderWithProviders(<DealWarnings warnings={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('puts the last call’s date and the stage figures in words', () => {
    expect(evidenceLines(quiet)).toEqual(['Last call: Jun 10, 2025', '1 call behind it']);
    expect(
      evidenceLines({
        kind: 'stuckInStage',
        message: 'Stuck',
        evidence: {
          meetingIds: [],
          stageSince: '2025-05-01T00:00:00Z',
          daysInStage: 30,
          medianDays: 20,
          spans: 5,
        },
      }),
    ).toEqual(['In the stage since May 1, 2025; median 20 days over 5 stays']);
  });
});
