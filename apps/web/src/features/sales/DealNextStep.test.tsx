import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealNextStep } from '@parley/contracts';
import { renderWithProviders } from '../../test/render';
import { NextStepDetail, nextStepWords } from './DealNextStep';

const step = (over: Partial<DealNextStep> = {}): DealNextStep => ({
  text: 'Jane to confirm the budget by Friday',
  agreed: true,
  meetingId: 'm1',
  callAt: '2025-06-27T10:00:00Z',
  ...over,
});

afterEach(cleanup);

describe('a deal’s next step', () => {
  it('says the step and the call it comes from', () => {
    expect(nextStepWords(step())).toEqual({
      text: 'Jane to confirm the budget by Friday',
      empty: false,
      source: 'From the call of Jun 27, 2025',
    });
    expect(nextStepWords(step({ text: 'Share the notes', agreed: false })).source).toBe(
      'From the call of Jun 27, 2025 · it does not say who and by when',
    );
  });

  it('says when the last call has none, and when no call is analysed yet', () => {
    expect(nextStepWords(step({ text: null, agreed: false }))).toEqual({
      text: 'None in the last call',
      empty: true,
      source: 'From the call of Jun 27, 2025: it has no action items',
    });
    expect(nextStepWords(null)).toEqual({
      text: 'No analyzed call yet',
      empty: true,
      source: null,
    });
  });

  it('links the deal page’s step to its call', () => {
    renderWithProviders(<NextStepDetail step={step()} />);
    expect(screen.getByText('Jane to confirm the budget by Friday')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'From the call of Jun 27, 2025' }).getAttribute('href'),
    ).toBe('/library/m1');
  });
});
