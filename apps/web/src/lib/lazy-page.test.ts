import { afterEach, describe, expect, it } from 'vitest';
import { ChunkLoadError, lazyPage, shouldReloadFor } from './lazy-page';

const Page = () => null;

describe('lazyPage', () => {
  afterEach(() => sessionStorage.clear());

  it('resolves to the module default as Component and clears the reload flag', async () => {
    sessionStorage.setItem('parley.chunkReload', '1');
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
    expect(sessionStorage.getItem('parley.chunkReload')).toBeNull();
  });

  it('turns a failed import into a ChunkLoadError that asks for one reload only', async () => {
    const { Component } = await lazyPage(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )();
    let error: unknown;
    try {
      (Component as () => unknown)();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(shouldReloadFor(error)).toBe(true);
    sessionStorage.setItem('parley.chunkReload', '1');
    expect(shouldReloadFor(error)).toBe(false);
    expect(shouldReloadFor(new Error('other'))).toBe(false);
  });
});
