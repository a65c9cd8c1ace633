import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { calendarRoutes, type CalendarEvent, type Meeting } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { AutoJoinCell } from './AutoJoinColumn';

const MEETING_ID = '8b7c1a52-2f7e-4c44-9d8b-3f0a1c2b3d4e';
const meeting = { id: MEETING_ID, meetingName: 'Partner sync' } as Meeting;
const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  meetingId: MEETING_ID,
  provider: 'google',
  title: 'Partner sync',
  startAt: '2026-11-28T10:00:00.000Z',
  endAt: '2026-11-28T10:30:00.000Z',
  meetingLink: 'https://zoom.us/j/1',
  hostedByMe: false,
  hasExternalGuests: true,
  autoJoin: null,
  willJoin: false,
  joinedAt: null,
  joinError: null,
  ...over,
});

setUpPageTests();

describe('the notetaker switch on a scheduled meeting', () => {
  it('overrides the rule for this meeting, and goes back to the rule', async () => {
    signInWith(['Base']);
    let current = event();
    const server = fakeServer()
      .on(calendarRoutes.events, () => ({ data: [current] }))
      .on(calendarRoutes.setEventAutoJoin, ({ body }) => {
        const { autoJoin } = body as { autoJoin: boolean | null };
        current = event({ autoJoin, willJoin: autoJoin ?? false });
        return current;
      });
    renderWithProviders(<AutoJoinCell meeting={meeting} />);
    const toggle = await screen.findByRole('switch', { name: 'Notetaker joins Partner sync' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('By rule')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Use rule' }));
    await waitFor(() => expect(screen.getByText('By rule')).toBeTruthy());
    const bodies = server
      .calls(calendarRoutes.setEventAutoJoin)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies).toEqual([{ autoJoin: true }, { autoJoin: null }]);
  });

  it('shows a dash for meetings not from a calendar, and the join once it happened', async () => {
    signInWith(['Base']);
    fakeServer().on(calendarRoutes.events, () => ({
      data: [event({ joinedAt: '2026-11-28T10:00:01.000Z', willJoin: true })],
    }));
    renderWithProviders(
      <>
        <AutoJoinCell meeting={meeting} />
        <AutoJoinCell meeting={{ ...meeting, id: 'other' }} />
      </>,
    );
    expect(await screen.findByText('Notetaker joined')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
