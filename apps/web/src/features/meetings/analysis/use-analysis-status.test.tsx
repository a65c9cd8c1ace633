import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { REALTIME, type Meeting, type OfflineStatus } from '@parley/contracts';
import { setAuthFailed } from '../../../lib/auth-store';
import type { ChannelSocket, Connect } from '../../../lib/realtime';
import { meetingKeys, useMeeting } from '../queries';
import { signInWith } from '../../../lib/test-sign-in';
import { TRANSCRIPTION } from '../transcript/fixtures';
import { useHasZai, useTranscription } from './queries';
import { useAnalysisStatus } from './use-analysis-status';

const ID = 'c3d0e1f2-0a1b-4c2d-8e3f-112233445566';

function fakeSocket() {
  const listeners = new Map<string, ((p: unknown) => void)[]>();
  const socket = {
    on(event: string, fn: (p: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return socket;
    },
    emit: () => socket,
    disconnect: () => socket,
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
  };
  const connect: Connect = () => socket as unknown as ChannelSocket;
  return { connect, fire: (e: string, p: unknown) => listeners.get(e)?.forEach((l) => l(p)) };
}

const status = (
  inferenceStatus: OfflineStatus['inferenceStatus'],
  progress: number,
): OfflineStatus => ({
  meetingId: ID,
  inferenceStatus,
  statusReason: null,
  runId: 'r1',
  progress,
  steps: [],
  engine: null,
});

function Page({ connect }: { connect: Connect }) {
  const meeting = useMeeting(ID);
  const s = useAnalysisStatus(meeting.data, connect);
  const transcript = useTranscription(meeting.data, useHasZai());
  return (
    <p>
      <span data-testid="status">{meeting.data?.inferenceStatus}</span>
      <span data-testid="progress">{s.data?.progress}</span>
      <span data-testid="blocks">{transcript.data?.data.length ?? 'none'}</span>
    </p>
  );
}

describe('useAnalysisStatus', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('follows the realtime status and loads the transcript once processed, without a reload', async () => {
    signInWith(['Essentials', 'Zai Intelligence']);
    let current = status('analysing', 30);
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      const body = url.includes('/offline/status/')
        ? current
        : url.includes('/transcription/')
          ? TRANSCRIPTION
          : { message: 'not here' };
      return new Response(JSON.stringify(body), {
        status: url.includes('/offline/status/') || url.includes('/transcription/') ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(meetingKeys.detail(ID), {
      id: ID,
      inferenceStatus: 'analysing',
      statusReason: null,
      additionalDetails: {},
    } as Partial<Meeting>);
    const socket = fakeSocket();
    render(
      <QueryClientProvider client={client}>
        <Page connect={socket.connect} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('30'));
    expect(screen.getByTestId('blocks').textContent).toBe('none');

    current = status('analysing', 60);
    socket.fire(REALTIME.status, { ...current, progress: 60 });
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('60'));

    current = status('processed', 100);
    socket.fire(REALTIME.status, current);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('processed'));
    await waitFor(() => expect(screen.getByTestId('blocks').textContent).toBe('3'));
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith(`/transcription/${ID}`))).toBe(true);
  });
});
