import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { REALTIME } from '@parley/contracts';
import {
  channelOptions,
  openMeetingChannel,
  parseStatusEvent,
  useMeetingChannel,
} from './realtime';
import { fakeSocket } from '../test/socket';

afterEach(cleanup);

describe('meeting channel', () => {
  it('hands the analytics events it was asked for to onEvent until it closes', () => {
    const s = fakeSocket();
    const seen: [string, unknown][] = [];
    const channel = openMeetingChannel({
      meetingId: 'm1',
      onStatus: () => {},
      events: ['action items', 'summary'],
      onEvent: (name, payload) => seen.push([name, payload]),
      connect: s.connect,
    });
    s.fire('action items', { meetingId: 'm1', n: 1 });
    s.fire('bias', { meetingId: 'm1' });
    expect(seen).toEqual([['action items', { meetingId: 'm1', n: 1 }]]);
    channel.close();
    s.fire('summary', { meetingId: 'm1' });
    expect(seen).toHaveLength(1);
  });

  it('connects with the spec options and joins the room on every connect', () => {
    const s = fakeSocket();
    openMeetingChannel({
      meetingId: 'm1',
      onStatus: () => {},
      connect: s.connect,
      getToken: () => 'tok',
    });
    expect(s.options[0]).toMatchObject({
      path: '/socket.io',
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
    });
    s.fire('connect');
    s.fire('connect');
    expect(s.emitted).toEqual([
      [REALTIME.joinRoom, { meetingId: 'm1' }],
      [REALTIME.joinRoom, { meetingId: 'm1' }],
    ]);
  });

  it('sends the current token on each handshake', () => {
    let token = 'a';
    const opts = channelOptions(() => token);
    const seen: object[] = [];
    opts.auth((d) => seen.push(d));
    token = 'b';
    opts.auth((d) => seen.push(d));
    expect(seen).toEqual([{ token: 'a' }, { token: 'b' }]);
  });

  it('passes status events of its meeting and closes on a final status', () => {
    const s = fakeSocket();
    const onStatus = vi.fn();
    const ch = openMeetingChannel({ meetingId: 'm1', onStatus, connect: s.connect });
    s.fire(REALTIME.status, { meetingId: 'other', inferenceStatus: 'queued' });
    s.fire(REALTIME.status, { meetingId: 'm1', inferenceStatus: 'nonsense' });
    s.fire(REALTIME.status, {
      meetingId: 'm1',
      inferenceStatus: 'analysing',
      statusReason: null,
      progress: 40,
    });
    expect(onStatus).toHaveBeenCalledTimes(1);
    expect(onStatus).toHaveBeenLastCalledWith({
      meetingId: 'm1',
      inferenceStatus: 'analysing',
      statusReason: null,
      progress: 40,
    });
    expect(ch.closed).toBe(false);
    s.fire(REALTIME.status, {
      meetingId: 'm1',
      inferenceStatus: 'failed',
      statusReason: 'No audio',
    });
    expect(onStatus).toHaveBeenLastCalledWith({
      meetingId: 'm1',
      inferenceStatus: 'failed',
      statusReason: 'No audio',
    });
    expect(ch.closed).toBe(true);
    expect(s.disconnects()).toBe(1);
  });

  it.each([REALTIME.processed, REALTIME.reanalyzeStatus, REALTIME.offlineStatus])(
    'disconnects on %s',
    (event) => {
      const s = fakeSocket();
      const onTerminal = vi.fn();
      const ch = openMeetingChannel({
        meetingId: 'm1',
        onStatus: () => {},
        onTerminal,
        connect: s.connect,
      });
      s.fire(event, { meetingId: 'm1' });
      expect(ch.closed).toBe(true);
      expect(s.disconnects()).toBe(1);
      expect(onTerminal).toHaveBeenCalledWith(event, { meetingId: 'm1' });
      ch.close();
      expect(s.disconnects()).toBe(1);
    },
  );

  it('stays open after the analysis ends when asked to (a job of its own still reports)', () => {
    const s = fakeSocket();
    const seen: string[] = [];
    const ch = openMeetingChannel({
      meetingId: 'm1',
      events: ['biometrics'],
      onEvent: (name) => seen.push(name),
      closeOnTerminal: false,
      connect: s.connect,
    });
    s.fire(REALTIME.status, { meetingId: 'm1', inferenceStatus: 'processed', statusReason: null });
    s.fire(REALTIME.processed, { meetingId: 'm1' });
    s.fire('biometrics', { meetingId: 'm1' });
    expect(ch.closed).toBe(false);
    expect(s.disconnects()).toBe(0);
    expect(seen).toEqual(['biometrics']);
    ch.close();
    expect(s.disconnects()).toBe(1);
  });

  it('shares one connection between the channels of a meeting until the last one closes', () => {
    const s = fakeSocket();
    const analysis = vi.fn();
    const verification = vi.fn();
    const a = openMeetingChannel({ meetingId: 'm1', onStatus: analysis, connect: s.connect });
    const b = openMeetingChannel({
      meetingId: 'm1',
      events: ['biometrics'],
      onEvent: verification,
      closeOnTerminal: false,
      connect: s.connect,
    });
    expect(s.options).toHaveLength(1);
    s.fire('connect');
    expect(s.emitted).toEqual([[REALTIME.joinRoom, { meetingId: 'm1' }]]);
    s.fire(REALTIME.processed, { meetingId: 'm1' });
    expect(a.closed).toBe(true);
    expect(b.closed).toBe(false);
    expect(s.disconnects()).toBe(0);
    s.fire('biometrics', { meetingId: 'm1', progress: 50 });
    expect(verification).toHaveBeenCalledWith('biometrics', { meetingId: 'm1', progress: 50 });
    b.close();
    expect(s.disconnects()).toBe(1);
    openMeetingChannel({ meetingId: 'm1', onStatus: analysis, connect: s.connect });
    expect(s.options).toHaveLength(2);
  });

  it('clamps progress and ignores malformed payloads', () => {
    expect(parseStatusEvent(null)).toBeNull();
    expect(parseStatusEvent({ meetingId: 1, inferenceStatus: 'queued' })).toBeNull();
    expect(parseStatusEvent({ meetingId: 'm', inferenceStatus: 'queued', progress: 140 })).toEqual({
      meetingId: 'm',
      inferenceStatus: 'queued',
      statusReason: null,
      progress: 100,
    });
  });
});

describe('useMeetingChannel', () => {
  it('opens one channel per meeting id, reconnects on a new id and closes on unmount', () => {
    const s = fakeSocket();
    const first = vi.fn();
    const { rerender, unmount } = renderHook(
      ({ id, onStatus }) => useMeetingChannel(id, { onStatus, connect: s.connect }),
      { initialProps: { id: null as string | null, onStatus: first } },
    );
    expect(s.options).toHaveLength(0);
    rerender({ id: 'm1', onStatus: first });
    expect(s.options).toHaveLength(1);
    const second = vi.fn();
    rerender({ id: 'm1', onStatus: second });
    expect(s.options).toHaveLength(1);
    s.fire(REALTIME.status, { meetingId: 'm1', inferenceStatus: 'queued' });
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    rerender({ id: 'm2', onStatus: second });
    expect(s.disconnects()).toBe(1);
    expect(s.options).toHaveLength(2);
    unmount();
    expect(s.disconnects()).toBe(2);
  });
});
