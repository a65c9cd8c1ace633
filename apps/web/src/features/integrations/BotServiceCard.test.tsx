import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { botRoutes, type BotServiceStatus } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { BotServiceSection } from './BotServiceCard';

afterEach(() => {
  cleanup();
  setAuthFailed();
});

describe('the bot service card', () => {
  it('shows the configured service, that it does not answer and why, and checks again', async () => {
    signInWith(['Base']);
    let reachable = false;
    const server = fakeServer().on(botRoutes.serviceStatus, (): BotServiceStatus => ({
      provider: 'attendee',
      url: 'https://attendee.example.com',
      reachable,
      detail: reachable ? null : 'Attendee did not answer: HTTP 401',
      parleyRooms: false,
    }));
    renderWithProviders(<BotServiceSection />);
    const card = await screen.findByTestId('bot-service-card');
    expect(within(card).getByText('Attendee (self-hosted)')).toBeTruthy();
    expect(within(card).getByText('https://attendee.example.com')).toBeTruthy();
    expect(within(card).getByText('Not answering')).toBeTruthy();
    expect(within(card).getByText('Attendee did not answer: HTTP 401')).toBeTruthy();
    reachable = true;
    fireEvent.click(within(card).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(card).getByText('Answering')).toBeTruthy());
    expect(server.calls(botRoutes.serviceStatus).length).toBe(2);
  });

  it('says when none is configured, with nothing to check', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.serviceStatus, {
      provider: 'none',
      url: null,
      reachable: null,
      detail: null,
      parleyRooms: false,
    });
    renderWithProviders(<BotServiceSection />);
    const card = await screen.findByTestId('bot-service-card');
    expect(within(card).getByText('Not configured')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Check again' })).toBeNull();
  });
});
