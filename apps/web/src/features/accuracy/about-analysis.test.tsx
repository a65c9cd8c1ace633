import { cloneElement, isValidElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ACCURACY_REPORT, ESTIMATED_SIGNALS } from '@parley/contracts';
import { renderWithProviders } from '../../test/render';
import AboutAnalysisPage from './AboutAnalysisPage';
import { formatMetric, percent } from './format';

// jsdom lays nothing out: give the bias chart the size its card would.
vi.mock('recharts', async (original) => {
  const recharts = await original<typeof import('recharts')>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as React.ReactElement<{ width: number; height: number }>, {
            width: 640,
            height: 460,
          })
        : null,
  };
});

afterEach(cleanup);

// Role queries walk the whole page (13 signal cards, two tables, a chart): on a machine shared
// with other work that takes seconds, hence the longer limit.
describe('About the analysis', { timeout: 30_000 }, () => {
  it('shows every signal with its published figures, its data and whether it is an estimate', () => {
    renderWithProviders(<AboutAnalysisPage />, { path: '/about/analysis' });
    expect(screen.getByRole('heading', { level: 1, name: 'About the analysis' })).toBeTruthy();
    for (const signal of ACCURACY_REPORT.signals) {
      const card = screen.getByTestId(`signal-${signal.key}`);
      expect(within(card).getByRole('heading', { name: signal.name })).toBeTruthy();
      expect(within(card).queryByText('Estimate') !== null, signal.key).toBe(
        ESTIMATED_SIGNALS.includes(signal.key),
      );
      if (signal.metrics.length === 0) {
        expect(within(card).getByText('Not measured')).toBeTruthy();
        expect(within(card).getByText(signal.notes[0]!)).toBeTruthy();
      }
      for (const m of signal.metrics) {
        const figure = within(card).getByTestId(`metric-${m.key}`);
        expect(figure.textContent).toContain(formatMetric(m));
        if (m.count) expect(figure.textContent).toContain(`${m.count.k} of ${m.count.n}`);
      }
      for (const d of signal.data) expect(card.textContent).toContain(d.source);
    }
  });

  it('shows the face bias table by gender and age group with counts and 95 % intervals', () => {
    renderWithProviders(<AboutAnalysisPage />, { path: '/about/analysis' });
    const table = within(screen.getByTestId('bias-section')).getByRole('table', {
      name: 'Face accuracy by gender and age group',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(ACCURACY_REPORT.bias.rows.length);
    ACCURACY_REPORT.bias.rows.forEach((r, i) => {
      const text = rows[i]!.textContent ?? '';
      expect(text).toContain(r.dimension === 'gender' ? r.group : `Age ${r.group}`);
      for (const m of [r.detected, r.gender, r.ageWithinOneBin])
        if (m.value !== null && m.count && m.interval) {
          expect(text).toContain(`(${m.count.k}/${m.count.n})`);
          expect(text).toContain(`${percent(m.interval.low)}–${percent(m.interval.high)}`);
        }
    });
    expect(screen.getByTestId('bias-chart')).toBeTruthy();
  });

  it('opens the per-item figures of a signal', () => {
    renderWithProviders(<AboutAnalysisPage />, { path: '/about/analysis' });
    const speakers = screen.getByTestId('signal-speakers');
    fireEvent.click(within(speakers).getByText('Per recording'));
    const table = within(speakers).getByRole('table', { name: 'Per recording' });
    expect(within(table).getByText('ami/dev00')).toBeTruthy();
  });
});
