import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { BOT_MESSAGES, botRoutes } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import BotLoginPage from './BotLoginPage';

const BOT = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  cleanup();
  setAuthFailed();
});

function fillAndSave() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bot@acme.example' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's3cret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the bot’s login' }));
}

describe('/bot-login', () => {
  it('sends the login for the bot named in the address, then says it is saved', async () => {
    signInWith(['Base']);
    const server = fakeServer().on(botRoutes.loginBot, { message: BOT_MESSAGES.loginSaved });
    renderWithProviders(<BotLoginPage />, { path: `/bot-login?id=${BOT}` });
    fillAndSave();
    expect((await screen.findByRole('status')).textContent).toContain(BOT_MESSAGES.loginSaved);
    const [[, init]] = server.calls(botRoutes.loginBot) as [[unknown, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'bot@acme.example',
      password: 's3cret',
      id: BOT,
    });
  });

  it("shows 'Login Bot Failed' when the server refuses, keeping the form", async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.loginBot, () =>
      json({ statusCode: 404, error: 'Not Found', message: BOT_MESSAGES.loginFailed }, 404),
    );
    renderWithProviders(<BotLoginPage />, { path: `/bot-login?id=${BOT}` });
    fillAndSave();
    expect((await screen.findByTestId('form-error')).textContent).toContain(
      BOT_MESSAGES.loginFailed,
    );
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('bot@acme.example');
  });

  it('asks for a bot when the address names none', () => {
    signInWith(['Base']);
    renderWithProviders(<BotLoginPage />, { path: '/bot-login' });
    expect(screen.getByTestId('bot-login-no-bot')).toBeTruthy();
  });
});
