import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import type { RouteResponse, analysisRoutes } from '@parley/contracts';
import { EngagementCard } from './EngagementCard';
import { fillerSummary } from './FillerWordsChart';
import { QuestionsList } from './QuestionsList';
import { seekFromChart } from '../../../ui/charts/seek-from-chart';
import { rateRows } from './SpeakingRateChart';

const conversation: RouteResponse<typeof analysisRoutes.conversation> = {
  fillerWords: [
    { word: 'Um', start: 3, speaker: 'speaker_00', name: 'Speaker 1' },
    { word: 'um', start: 9, speaker: 'speaker_00', name: 'Speaker 1' },
    { word: 'uh', start: 20, speaker: 'speaker_01', name: 'Speaker 2' },
  ],
  questions: [
    { text: 'What is the plan?', start: 8.1, end: 10, speaker: 'speaker_01', name: 'Speaker 2' },
  ],
  interactivity: { speakerSwitches: 5, switchesPerMinute: 8.8 },
  engagement: {
    score: 0.72,
    method: 'engagement = 0.4 × turn-taking + 0.3 × questions + 0.3 × balance',
    components: { turnTaking: { score: 0.8, weight: 0.4 } },
  },
};

afterEach(cleanup);

describe('conversation analytics', () => {
  it('counts filler words per speaker with the meeting’s names', () => {
    const { speakers, top } = fillerSummary(conversation.fillerWords, { speaker_01: 'Grace' });
    expect(speakers).toEqual([
      { speaker: 'speaker_00', label: 'Speaker 1', count: 2 },
      { speaker: 'speaker_01', label: 'Grace', count: 1 },
    ]);
    expect(top).toEqual([
      ['um', 2],
      ['uh', 1],
    ]);
  });

  it('lines speaking-rate windows up by time, one column per speaker, over the whole recording', () => {
    const rows = rateRows({
      average: [],
      overTime: [
        { speaker: 'speaker_00', name: 'A', windows: [{ start: 0, end: 5, wpm: 140.4 }] },
        {
          speaker: 'speaker_01',
          name: 'B',
          windows: [
            { start: 5, end: 10, wpm: 120 },
            { start: 0, end: 5, wpm: null },
          ],
        },
      ],
    });
    // Each window at its middle; the first and last values again at the start and the end.
    expect(rows).toEqual([
      { t: 0, speaker_00: 140, speaker_01: null },
      { t: 2.5, speaker_00: 140, speaker_01: null },
      { t: 7.5, speaker_01: 120 },
      { t: 10, speaker_01: 120 },
    ]);
  });

  it('seeks to the clicked point of a time chart', () => {
    const seek = vi.fn();
    seekFromChart({ activeTooltipIndex: '1' }, [{ t: 0 }, { t: 30 }], seek);
    expect(seek).toHaveBeenCalledWith(30);
    seekFromChart({ activeTooltipIndex: null }, [{ t: 0 }], seek);
    seekFromChart(null, [{ t: 0 }], seek);
    expect(seek).toHaveBeenCalledOnce();
  });

  it('plays the meeting from a question when it is clicked', () => {
    const seek = vi.fn();
    renderWithProviders(
      <QuestionsList data={conversation} loading={false} names={{}} onSeek={seek} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /What is the plan\?/ }));
    expect(seek).toHaveBeenCalledWith(8.1);
    expect(screen.getByText('00:00:08')).toBeTruthy();
  });

  it('shows the engagement score out of 100 and explains it is a heuristic', () => {
    renderWithProviders(<EngagementCard data={conversation} loading={false} />);
    expect(screen.getByTestId('engagement-score').textContent).toBe('72');
    expect(screen.getByText('80 · weight 40%')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'About Engagement' })).toBeTruthy();
  });

  it('has loading and empty states', () => {
    const { rerender } = renderWithProviders(<QuestionsList data={undefined} loading names={{}} />);
    expect(screen.getByLabelText('Loading Questions asked')).toBeTruthy();
    rerender(
      <QuestionsList data={{ ...conversation, questions: [] }} loading={false} names={{}} />,
    );
    expect(screen.getByText('No questions were asked.')).toBeTruthy();
  });
});
