import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { searchRoutes, type TranscriptSearchResult } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import SearchPage from './SearchPage';

const FOUND: TranscriptSearchResult = {
  count: 2,
  meetingCount: 2,
  data: [
    {
      meetingId: 'm1',
      meetingName: 'Weekly sync',
      speaker: 'Sheila',
      start: 3725.4,
      end: 3729,
      text: 'And I am Sheila in Texas',
      matches: [[9, 15]],
      segmentStart: 3724,
      meetingDate: '2026-11-20T10:00:00.000Z',
      isInterview: false,
    },
    {
      meetingId: 'i1',
      meetingName: 'Candidate call',
      speaker: 'Speaker 2',
      start: 14.7,
      end: 17,
      text: 'sheila and check them',
      matches: [[0, 6]],
      segmentStart: 14.7,
      meetingDate: '2026-11-19T10:00:00.000Z',
      isInterview: true,
    },
  ],
};

function serve(result: TranscriptSearchResult) {
  const queries: Record<string, string>[] = [];
  fakeServer().on(searchRoutes.transcripts, ({ query }) => {
    queries.push(Object.fromEntries(query));
    return result;
  });
  return queries;
}

describe('SearchPage', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
  });

  it('shows each moment with its time and the match marked, opening the meeting there', async () => {
    const queries = serve(FOUND);
    signInWith(['Essentials']);
    renderWithProviders(<SearchPage />, { path: '/search?q=sheila' });
    const list = await screen.findByRole('list', { name: 'Matching moments' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first?.getAttribute('href')).toBe('/library/m1?t=3725');
    expect(first?.textContent).toContain('01:02:05');
    expect(first?.querySelector('mark')?.textContent).toBe('Sheila');
    expect(second?.getAttribute('href')).toBe('/interviews/i1?t=14');
    expect(screen.getByText('2 moments in 2 meetings')).toBeTruthy();
    expect(queries[0]).toMatchObject({ q: 'sheila' });
  });

  it('says when nothing matches, and sends the filters', async () => {
    const queries = serve({ data: [], count: 0, meetingCount: 0 });
    signInWith(['Essentials']);
    renderWithProviders(<SearchPage />, { path: '/search?q=xylophone&stage=discovery_stage' });
    expect(await screen.findByText('No moments match “xylophone”')).toBeTruthy();
    expect(queries[0]).toMatchObject({ q: 'xylophone', stage: 'discovery_stage' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Speaker' }), {
      target: { value: 'Dana' },
    });
    fireEvent.submit(screen.getByRole('search', { name: 'Search every conversation' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ speaker: 'Dana' }));
  });
});
