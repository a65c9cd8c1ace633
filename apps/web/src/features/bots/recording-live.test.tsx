import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { botRoutes, type MeetingBotView } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { useBotRecordingLive } from './api';

const MEETING = '11111111-1111-4111-8111-111111111111';
const bot = (state: MeetingBotView['state']): MeetingBotView => ({
  id: '22222222-2222-4222-8222-222222222222',
  meetingId: MEETING,
  provider: 'recall',
  state,
  reason: null,
  allowRecording: true,
  recordingStoppedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
});

function Probe(props: { storageLink: string | null }) {
  const live = useBotRecordingLive({
    id: MEETING,
    meetingLink: 'https://meet.google.com/abc-defg-hij',
    storageLink: props.storageLink,
  });
  return <p data-testid="probe">{live ? 'live panels' : 'recording page'}</p>;
}

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('a call’s page while its bot records', () => {
  it('shows the live panels while the bot records, and the normal page otherwise', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot('recording') });
    renderWithProviders(<Probe storageLink={null} />);
    expect(await screen.findByText('live panels')).toBeTruthy();
  });

  it('is the normal page once the bot left', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot('left') });
    renderWithProviders(<Probe storageLink={null} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('probe').textContent).toBe('recording page');
  });

  it('is the normal page once the recording was imported', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot('recording') });
    renderWithProviders(<Probe storageLink="https://media.example/recording.mp4" />);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('probe').textContent).toBe('recording page');
  });
});
