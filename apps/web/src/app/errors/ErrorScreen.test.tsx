import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ErrorScreen, type ErrorKind } from './ErrorScreen';

const show = (kind: ErrorKind, unexpected = false) =>
  renderWithProviders(<ErrorScreen kind={kind} unexpected={unexpected} />);

describe('ErrorScreen (spec 1 §2 texts)', () => {
  afterEach(cleanup);

  it.each([
    [401, 'Unauthenticated Entry: Please login to continue', ['Login']],
    [403, 'Forbidden Access: This page is restricted to authorized users only', ['Back', 'Home']],
    [404, "Page not found: Let's get you back on track", ['Back', 'Home']],
    [
      'other',
      "Error: Don't worry, our support team is here to help. Get in touch!",
      ['Please Login Again'],
    ],
  ] as const)('%s', (kind, text, buttons) => {
    show(kind);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
  });

  it('names the support address and flags unexpected errors', () => {
    show('other', true);
    expect(screen.getByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@parley.local' }).getAttribute('href')).toBe(
      'mailto:support@parley.local',
    );
  });
});
