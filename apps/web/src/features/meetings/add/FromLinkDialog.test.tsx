import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  BOT_MESSAGES,
  botRoutes,
  meetingRoutes,
  type BotServiceStatus,
  type Meeting,
  type ExtensionResponse,
} from '@parley/contracts';
import { setAuthFailed } from '../../../lib/auth-store';
import { toastStore } from '../../../lib/toast';
import { fakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { signInWith } from '../../../test/sign-in';
import { FromLinkDialog } from './FromLinkDialog';

const service = (provider: BotServiceStatus['provider']): BotServiceStatus => ({
  provider,
  url: provider === 'none' ? null : 'https://attendee.example.com',
  reachable: provider === 'none' ? null : true,
  detail: null,
  parleyRooms: false,
});

afterEach(() => {
  cleanup();
  setAuthFailed();
  toastStore.set(() => []);
});

function renderDialog() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<FromLinkDialog open onOpenChange={() => {}} />} />
      <Route path="/library/:id" element={<p>meeting page</p>} />
    </Routes>,
  );
}

async function fill(link: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Meeting link'), { target: { value: link } });
  fireEvent.change(within(dialog).getByLabelText('Meeting name'), {
    target: { value: 'Weekly sync' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send the bot' }));
  return dialog;
}

describe('recording a meeting by its link', () => {
  it('sends the bot, says it is asking the service, and opens the new meeting', async () => {
    signInWith(['Base']);
    let answer: (value: ExtensionResponse) => void = () => {};
    const server = fakeServer()
      .on(botRoutes.serviceStatus, service('attendee'))
      .on(botRoutes.start, () => new Promise<ExtensionResponse>((resolve) => (answer = resolve)));
    renderDialog();
    expect((await screen.findByTestId('bot-note')).textContent).toContain('through Attendee');
    await fill('https://zoom.us/j/123456789');
    expect(await screen.findByText('Asking the bot service to join the call…')).toBeTruthy();
    answer({
      meeting: { id: 'm-1', meetingName: 'Weekly sync' } as ExtensionResponse['meeting'],
      bot: {} as ExtensionResponse['bot'],
    });
    expect(await screen.findByText('meeting page')).toBeTruthy();
    const [[, init]] = server.calls(botRoutes.start) as [[unknown, RequestInit]];
    expect(JSON.parse(init.body as string)).toMatchObject({
      meetingLink: 'https://zoom.us/j/123456789',
      meetingName: 'Weekly sync',
      isAvatar: false,
    });
  });

  it("shows 'Failed to call bot' and keeps what was typed", async () => {
    signInWith(['Base']);
    fakeServer()
      .on(botRoutes.serviceStatus, service('recall'))
      .on(botRoutes.start, () =>
        json({ statusCode: 502, error: 'Bad Gateway', message: BOT_MESSAGES.callFailed }, 502),
      );
    renderDialog();
    const dialog = await fill('https://meet.google.com/abc-defg-hij');
    expect((await within(dialog).findByTestId('form-error')).textContent).toContain(
      BOT_MESSAGES.callFailed,
    );
    expect((within(dialog).getByLabelText('Meeting link') as HTMLInputElement).value).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
  });

  it('keeps the link as a meeting when no bot service is configured', async () => {
    signInWith(['Base']);
    const server = fakeServer()
      .on(botRoutes.serviceStatus, service('none'))
      .on(meetingRoutes.createFromLink, { id: 'm-2', meetingName: 'Weekly sync' } as Meeting);
    renderDialog();
    expect((await screen.findByTestId('bot-note')).textContent).toContain(
      'No bot service is configured',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a meeting link' });
    fireEvent.change(within(dialog).getByLabelText('Meeting link'), {
      target: { value: 'https://zoom.us/j/1' },
    });
    fireEvent.change(within(dialog).getByLabelText('Meeting name'), {
      target: { value: 'Weekly sync' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save meeting' }));
    expect(await screen.findByText('meeting page')).toBeTruthy();
    expect(server.calls(botRoutes.start)).toEqual([]);
  });
});
