import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesRoutes, type SalesMeeting } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import type { CallsTarget } from './CallsDialog';
import { RepRow } from './RepRow';

/** A sales call as the list answers it; only what the card reads matters here. */
const call = (id: string, score: number) =>
  ({
    id,
    meetingName: `${id}.mp4`,
    ownerName: 'Remy Rep',
    startTime: '2031-03-02T10:00:00.000Z',
    stage: 'discovery_stage',
    score,
    deal: null,
  }) as unknown as SalesMeeting;

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('a rep of the Teams view', { timeout: 20_000 }, () => {
  it('asks the server for the account’s calls and shows its count, not the loaded page’s', async () => {
    signInWith([]);
    const server = fakeServer().on(salesRoutes.managerSales, {
      data: [call('a', 80), call('b', 60)],
      count: 250,
    });
    const onOpen = vi.fn<(t: CallsTarget) => void>();
    renderWithProviders(
      <ul>
        <RepRow
          member={{
            id: 'rep-1',
            name: 'Remy Rep',
            email: 'rep@acme.example',
            salesManagerId: null,
            isManager: false,
          }}
          stage="all"
          filters={{ nameId: '', opportunity: 'deal-1', account: 'acct-1' }}
          onOpen={onOpen}
        />
      </ul>,
    );
    const calls = await screen.findByTestId('rep-calls');
    expect(calls.textContent).toBe('250 calls');
    const [request] = server.calls(salesRoutes.managerSales);
    const query = new URL(String(request?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      nameId: 'rep-1',
      deal: 'deal-1',
      account: 'acct-1',
    });
    fireEvent.click(calls);
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'The latest 100 of 250 calls, newest first.' }),
    );
    expect(screen.getByTestId('stage-score').textContent).toContain('70');
  });
});
