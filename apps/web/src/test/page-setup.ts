import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setAuthFailed } from '../lib/auth-store';

/**
 * Tests only: what every signed-in page test needs around it. jsdom lacks what Radix Select
 * calls when it opens, and each test ends unmounted and signed out.
 */
export function setUpPageTests(): void {
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.releasePointerCapture ??= () => {};
  });
  afterEach(() => {
    cleanup();
    setAuthFailed();
  });
}
