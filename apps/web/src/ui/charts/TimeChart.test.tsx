import { cloneElement, isValidElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Line } from 'recharts';
import { TimeChart } from './TimeChart';

// jsdom lays nothing out: give the chart the size a card would.
vi.mock('recharts', async (original) => {
  const recharts = await original<typeof import('recharts')>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as React.ReactElement<{ width: number; height: number }>, {
            width: 480,
            height: 160,
          })
        : null,
  };
});

afterEach(cleanup);

const rows = [
  { t: 0, bpm: 70 },
  { t: 60, bpm: 74 },
  { t: 120, bpm: 72 },
];

describe('TimeChart', () => {
  it('draws the series over the meeting time, ticks read as MM:SS', () => {
    const { container } = render(
      <TimeChart kind="line" rows={rows} className="h-36" format={(v) => [String(v), 'bpm']}>
        <Line dataKey="bpm" isAnimationActive={false} />
      </TimeChart>,
    );
    // Tick labels sit in their own layer, apart from the axis line.
    const ticks = [...container.querySelectorAll('text')];
    expect(ticks.map((t) => t.textContent)).toContain('01:00');
    expect(container.querySelector('.recharts-line path')).not.toBeNull();
    expect(container.querySelector('.recharts-cartesian-grid')).not.toBeNull();
    expect(container.querySelector('.cursor-pointer')).toBeNull();
  });

  it('names a standalone plot as one image and shows it can be clicked to seek', () => {
    const { container } = render(
      <TimeChart
        kind="area"
        rows={rows}
        onSeek={vi.fn()}
        className="h-36"
        label="Heart rate over time"
        format={(v) => [String(v), 'bpm']}
      >
        <Line dataKey="bpm" isAnimationActive={false} />
      </TimeChart>,
    );
    expect(screen.getByRole('img', { name: 'Heart rate over time' }).className).toBe('h-36');
    expect(container.querySelector('.cursor-pointer')).not.toBeNull();
  });
});
