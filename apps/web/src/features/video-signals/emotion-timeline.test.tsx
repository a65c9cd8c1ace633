import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { EmotionsResponse, VideoSource } from '@parley/contracts';
import { renderWithProviders } from '../../test/render';
import { EmotionTimeline } from './EmotionTimeline';

const ready: VideoSource = {
  state: 'ready',
  fps: 2,
  durationSec: 30,
  framesAnalysed: 60,
  framesWithFaces: 58,
};
const reliability: EmotionsResponse['reliability'] = {
  level: 'low',
  agreement: 0.375,
  measuredOn: '16 labeled expression photos',
  note: 'Low reliability: measured agreement 0.375.',
};
const scores = {
  angry: 0.1,
  disgust: 0,
  fear: 0.05,
  happy: 0.6,
  sad: 0.05,
  surprise: 0,
  neutral: 0.2,
};
afterEach(cleanup);

describe('the emotions card', () => {
  it('shows the dominant emotion with its confidence and a low-reliability label', () => {
    const data: EmotionsResponse = {
      meetingId: 'm',
      video: ready,
      computed: true,
      offReason: null,
      reliability,
      labels: ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'],
      persons: [{ personId: 'person_01', averages: scores, dominant: 'happy', confidence: 0.6 }],
      series: [{ t: 0, personId: 'person_01', scores }],
    };
    renderWithProviders(<EmotionTimeline data={data} loading={false} onSeek={() => {}} />);
    expect(screen.getByTestId('emotion-dominant').textContent).toContain('happy (60% confidence)');
    expect(screen.getByTestId('emotion-reliability').textContent).toBe('Low reliability');
  });

  it('says emotion inference is switched off for the organisation, and draws nothing', () => {
    const data: EmotionsResponse = {
      meetingId: 'm',
      video: ready,
      computed: false,
      offReason: 'Emotion inference is switched off for your organization',
      reliability,
      labels: ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'],
      persons: [],
      series: [],
    };
    renderWithProviders(<EmotionTimeline data={data} loading={false} onSeek={() => {}} />);
    expect(
      screen.getByText('Emotion inference is switched off for your organization'),
    ).toBeTruthy();
    expect(screen.queryByTestId('emotion-dominant')).toBeNull();
  });
});
