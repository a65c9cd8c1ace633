import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import type { InsightItem, MeetingInsights } from '@parley/contracts';
import { ActionItemsPanel } from './ActionItemsPanel';
import { CandidateAnalysis } from './CandidateAnalysis';

const at = (start: number, speaker = 'speaker_00') => ({
  start,
  end: start + 4,
  speaker,
  quote: 'I built the billing service in Go',
});

function scored(promptName: string, score: number, insights: string[] = []): InsightItem {
  return {
    promptName,
    group: 'hr',
    result: { score, insights, tags: ['go', 'billing'] },
    citations: { score: [at(12)], items: insights.map((_, i) => [at(20 + i)]) },
    provider: 'local',
    model: 'parley-local',
    updatedAt: '2026-11-22T06:00:00.000Z',
  };
}

function insights(scores: Record<string, number>, threshold = 70): MeetingInsights {
  const data = Object.entries(scores).map(([name, s]) =>
    scored(name, s, [`${name} insight from speaker_00`]),
  );
  const overall = ['Technical', 'Communication', 'Behavioral']
    .map((n) => scores[n])
    .filter((n): n is number => n !== undefined);
  return {
    meetingId: 'm1',
    data,
    overallScore: Math.round(overall.reduce((a, b) => a + b, 0) / overall.length),
    threshold,
  };
}

function renderPanel(data: MeetingInsights, position: string | null = 'Engineer') {
  const onSeek = vi.fn();
  renderWithProviders(
    <CandidateAnalysis
      insights={data}
      loading={false}
      position={position}
      names={{ speaker_00: 'Ada Lovelace' }}
      onSeek={onSeek}
    />,
  );
  return onSeek;
}

afterEach(cleanup);

describe('Candidate Analysis panel', () => {
  it('recommends at the threshold, shows Alerts first and scores as x.x/10', () => {
    renderPanel(insights({ Technical: 82, Communication: 64, Behavioral: 64, Alerts: 95 }));
    // (82 + 64 + 64) / 3 = 70: at the threshold is Recommended.
    expect(screen.getByRole('img', { name: 'Overall score 70%' })).toBeTruthy();
    expect(screen.getByTestId('recommendation').textContent).toBe('Recommended');
    expect(screen.getByText('0%')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    const cards = [...document.querySelectorAll('article[data-prompt]')];
    expect(cards.map((c) => c.getAttribute('data-prompt'))).toEqual([
      'Alerts',
      'Technical',
      'Communication',
      'Behavioral',
    ]);
    const technical = within(cards[1] as HTMLElement);
    expect(technical.getByTestId('score').textContent).toBe('8.2/10');
    expect(technical.getByText('Good')).toBeTruthy();
    const communication = within(cards[2] as HTMLElement);
    expect(communication.getByTestId('score').textContent).toBe('6.4/10');
    expect(communication.getByText('Bad')).toBeTruthy();
    expect(document.querySelector('[data-gauge]')?.getAttribute('data-gauge')).toBe('multi');
  });

  it('says Not Recommended below the threshold with the warm gauge', () => {
    renderPanel(insights({ Technical: 70, Communication: 69, Behavioral: 69 }));
    expect(screen.getByTestId('recommendation').textContent).toBe('Not Recommended');
    expect(document.querySelector('[data-gauge]')?.getAttribute('data-gauge')).toBe('warm');
  });

  it('uses the threshold the server sends', () => {
    renderPanel(insights({ Technical: 60, Communication: 60, Behavioral: 60 }, 55));
    expect(screen.getByTestId('recommendation').textContent).toBe('Recommended');
  });

  it('hides the recommendation from position B2CUSER but keeps the scores', () => {
    renderPanel(insights({ Technical: 90, Communication: 90, Behavioral: 90 }), 'B2CUSER');
    expect(screen.queryByTestId('recommendation')).toBeNull();
    expect(screen.getByRole('img', { name: 'Overall score 90%' })).toBeTruthy();
  });

  it('opens Zai Insights with named speakers and tags; a cited time seeks the video', () => {
    const onSeek = renderPanel(insights({ Technical: 82 }));
    const card = within(document.querySelector('article[data-prompt="Technical"]') as HTMLElement);
    const toggle = card.getByRole('button', { name: 'Zai Insights' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(card.getByText(/Technical insight from Ada Lovelace/)).toBeTruthy();
    expect(card.getByText('billing')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Play from 00:00:20' }));
    expect(onSeek).toHaveBeenCalledWith(20);
    fireEvent.click(card.getByRole('button', { name: 'Play from 00:00:12' }));
    expect(onSeek).toHaveBeenLastCalledWith(12);
  });

  it('names the info tooltips as the spec does', () => {
    renderPanel(insights({ Technical: 80, Communication: 80, Behavioral: 80, Alerts: 80 }));
    expect(
      screen.getByRole('button', {
        name: 'About Technical: Technical Score: assesses expertise in relevant technical domains',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'About Communication: Communication Score: measures the ability to articulate ideas effectively',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'About Behavioral: evaluates interpersonal and professional behavior',
      }),
    ).toBeTruthy();
  });
});

describe('Action Items panel', () => {
  const item = (lines: string[]): InsightItem => ({
    promptName: 'Action Items',
    group: 'meeting',
    result: lines,
    citations: { score: [], items: lines.map((_, i) => [at(30 + i, 'speaker_01')]) },
    provider: 'local',
    model: 'parley-local',
    updatedAt: '2026-11-22T06:00:00.000Z',
  });

  it('lists non-empty lines with speaker_NN replaced by participant names', () => {
    const onSeek = vi.fn();
    renderWithProviders(
      <ActionItemsPanel
        item={item(['speaker_01 will send the deck by Friday', '   ', 'speaker_02 books the demo'])}
        loading={false}
        names={{ speaker_01: 'Grace Hopper' }}
        onSeek={onSeek}
      />,
    );
    const list = screen.getByRole('list', { name: 'Action items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Grace Hopper will send the deck by Friday');
    // A speaker nobody named reads as 'Speaker N', never as a raw label.
    expect(rows[1]?.textContent).toContain('Speaker 3 books the demo');
    fireEvent.click(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Play from 00:00:30' }),
    );
    expect(onSeek).toHaveBeenCalledWith(30);
  });

  it('shows the empty state when there are none, and a spinner while loading', () => {
    const { rerender } = renderWithProviders(
      <ActionItemsPanel item={item([])} loading={false} names={{}} onSeek={() => {}} />,
    );
    expect(screen.getByText('No action items generated for this meeting.')).toBeTruthy();
    rerender(<ActionItemsPanel item={undefined} loading names={{}} onSeek={() => {}} />);
    expect(screen.getByLabelText('Loading action items')).toBeTruthy();
  });
});

describe('insight events', () => {
  it('put a prompt’s result into the cached insights and recompute the overall score', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { applyInsightEvent, insightKeys } = await import('./api');
    const client = new QueryClient();
    client.setQueryData(insightKeys.meeting('m1'), insights({ Technical: 80, Communication: 60 }));
    applyInsightEvent(client, { meetingId: 'm1', item: scored('Behavioral', 100) });
    applyInsightEvent(client, { meetingId: 'm1', item: scored('Technical', 90) });
    applyInsightEvent(client, { meetingId: 'm1', item: { promptName: 'broken' } });
    const cached = client.getQueryData<MeetingInsights>(insightKeys.meeting('m1'));
    expect(cached?.data.map((d) => d.promptName).sort()).toEqual([
      'Behavioral',
      'Communication',
      'Technical',
    ]);
    // (90 + 60 + 100) / 3 = 83.3
    expect(cached?.overallScore).toBe(83);
  });
});
