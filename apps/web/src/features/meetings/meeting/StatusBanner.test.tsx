import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ANALYSIS_STEP_LABELS, type StepStatus } from '@parley/contracts';
import { StatusBanner } from './StatusBanner';

const steps: StepStatus[] = [
  { step: 'media', label: 'media', state: 'done', progress: 100, attempts: 1, error: null },
  { step: 'speech', label: 'speech', state: 'running', progress: 42.4, attempts: 1, error: null },
  { step: 'text', label: 'text', state: 'pending', progress: 0, attempts: 0, error: null },
  { step: 'insights', label: 'insights', state: 'pending', progress: 0, attempts: 0, error: null },
  { step: 'finish', label: 'finish', state: 'pending', progress: 0, attempts: 0, error: null },
];

describe('StatusBanner', () => {
  afterEach(cleanup);

  it('lists the steps with their state and the running step’s progress', () => {
    render(<StatusBanner status="analysing" reason={null} progress={37} steps={steps} />);
    const list = screen.getByRole('list', { name: 'Analysis steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.state)).toEqual([
      'done',
      'running',
      'pending',
      'pending',
      'pending',
    ]);
    expect(items[1]?.textContent).toContain(ANALYSIS_STEP_LABELS.speech);
    expect(items[1]?.textContent).toContain('42%');
    expect(screen.getByText('37%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
  });

  it('shows the reason of a failure and lets the owner try again', () => {
    const retry = vi.fn();
    const failed: StepStatus[] = steps.map((s) =>
      s.step === 'speech' ? { ...s, state: 'failed', attempts: 3, error: 'no audio' } : s,
    );
    const reason = "Analysis stopped at 'speech' after every retry: no audio";
    render(<StatusBanner status="failed" reason={reason} steps={failed} onRetry={retry} />);
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText('3 attempts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('offers no retry to someone who does not own the meeting', () => {
    render(<StatusBanner status="failed" reason="x" steps={steps} />);
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
  });
});
