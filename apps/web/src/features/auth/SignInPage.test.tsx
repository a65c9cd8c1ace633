import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authRoutes } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import SignInPage from './SignInPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
/** The text the button's aria-describedby points at: what a screen reader reads with it. */
const description = () => {
  const id = continueButton().getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const email = () => screen.getByLabelText('Email');

describe('the sign-in page', () => {
  it('says why Continue is disabled', () => {
    fakeServer();
    renderWithProviders(<SignInPage />, { path: '/signin' });
    expect(continueButton().disabled).toBe(true);
    expect(description()).toBe('Enter your work e-mail to continue.');
    fireEvent.change(email(), { target: { value: 'ada@' } });
    expect(description()).toBe('Enter a valid e-mail address to continue.');
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    expect(continueButton().disabled).toBe(false);
    expect(description()).toBeNull();
  });

  it('counts down to the next code after too many requests, then lets the user ask again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer().on(
      authRoutes.requestSignin,
      new Response(
        JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          message:
            'Too many codes requested for this address. You can request a new one in 2 minutes.',
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '75' } },
      ),
    );
    renderWithProviders(<SignInPage />, { path: '/signin' });
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText(/You can request a new one in 2 minutes/)).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(description()).toBe('You can request a new code in 1:15.');
    await act(async () => vi.advanceTimersByTimeAsync(15_000));
    expect(description()).toBe('You can request a new code in 1:00.');
    await act(async () => vi.advanceTimersByTimeAsync(61_000));
    expect(continueButton().disabled).toBe(false);
    expect(screen.queryByText(/Too many codes/)).toBeNull();
    expect(server.calls(authRoutes.requestSignin)).toHaveLength(1);
  });
});
