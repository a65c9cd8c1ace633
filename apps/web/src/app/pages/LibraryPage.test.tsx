import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { meetingRoutes, sharingRoutes, type Meeting } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import LibraryPage from './LibraryPage';

const SLOW = { timeout: 5000 };
const meeting = (id: string, meetingName: string): Meeting => ({
  id,
  organizationId: 'o',
  ownerId: 'u1',
  meetingName,
  meetingCode: `${meetingName}.mp4`,
  title: null,
  stage: 'discovery_stage',
  type: 'offline',
  isOffline: true,
  inferenceStatus: 'processed',
  statusReason: null,
  startTime: '2026-05-01T10:00:00.000Z',
  duration: 2,
  durationSec: 95,
  mediaNotice: null,
  storageProvider: 'local',
  storageLink: null,
  imageLink: null,
  mimeType: 'video/mp4',
  sizeBytes: 1000,
  meetingLink: null,
  additionalDetails: {},
  dealId: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
});
const mine = { data: [meeting('m1', 'Renewal call')], count: 1 };
const empty = { data: [], count: 0 };

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

function serve() {
  return fakeServer()
    .on(meetingRoutes.list, mine)
    .on(meetingRoutes.past, { data: [meeting('m2', 'Old call')], count: 1 })
    .on(meetingRoutes.schedule, empty)
    .on(meetingRoutes.reports, empty)
    .on(meetingRoutes.callIntelligence, empty)
    .on(sharingRoutes.sharedWithMe, empty);
}

async function pick(name: string) {
  fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Category' }), {
    button: 0,
    ctrlKey: false,
    pointerType: 'mouse',
  });
  fireEvent.click(await screen.findByRole('option', { name }));
}

setUpPageTests();

describe('the library categories', { timeout: 20_000 }, () => {
  it('reads each category from its own route, in the URL, keeping the search', async () => {
    signInWith(['Essentials']);
    const server = serve();
    renderWithProviders(
      <>
        <LibraryPage />
        <Where />
      </>,
      { path: '/library' },
    );
    expect(await screen.findByText('Renewal call', {}, SLOW)).toBeTruthy();
    // Without Sales Intelligence there is no Call Intelligence category.
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Category' }), {
      button: 0,
      ctrlKey: false,
      pointerType: 'mouse',
    });
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All Meetings', 'Shared with me', 'Past', 'Scheduled', 'Reports']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search meetings' }), {
      target: { value: 'call' },
    });
    await waitFor(() =>
      expect(String(server.calls(meetingRoutes.list).at(-1)?.[0])).toContain('search=call'),
    );
    await pick('Shared with me');
    expect(await screen.findByText('No meetings match these filters', {}, SLOW)).toBeTruthy();
    const shared = String(server.calls(sharingRoutes.sharedWithMe).at(-1)?.[0]);
    expect(shared).toContain('search=call');
    expect(shared).toContain('page=0');
    expect(screen.getByTestId('where').textContent).toBe('?category=shared');

    // Cleared filters inside the category: that category's own empty state.
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('Nothing has been shared with you yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Category' }).textContent).toContain(
      'Shared with me',
    );

    await pick('Past');
    expect(await screen.findByText('Old call', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?category=past');
    await pick('All Meetings');
    expect(await screen.findByText('Renewal call', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('');
  });

  it('opens on the URL’s category; Call Intelligence with Sales Intelligence', async () => {
    signInWith(['Base', 'Sales Intelligence']);
    const server = serve();
    renderWithProviders(<LibraryPage />, { path: '/library?category=calls' });
    expect(await screen.findByText('No analyzed sales calls yet', {}, SLOW)).toBeTruthy();
    expect(server.calls(meetingRoutes.callIntelligence)).toHaveLength(1);
    expect(server.calls(meetingRoutes.list)).toHaveLength(0);
    // The selector stays, so another list is one choice away.
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeTruthy();
  });

  it('treats an unknown or unavailable category as All Meetings', async () => {
    signInWith(['Essentials']);
    const server = serve();
    renderWithProviders(<LibraryPage />, { path: '/library?category=calls' });
    expect(await screen.findByText('Renewal call', {}, SLOW)).toBeTruthy();
    expect(server.calls(meetingRoutes.callIntelligence)).toHaveLength(0);
  });
});
