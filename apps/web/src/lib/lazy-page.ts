import type { ComponentType } from 'react';
import { STORAGE_KEYS } from './config';

type PageModule = { default: ComponentType };

/** A page chunk could not be loaded (typically a new deploy removed it). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Failed to load a page', { cause });
    this.name = 'ChunkLoadError';
  }
}

function reloadedAlready(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.chunkReload) === '1';
  } catch {
    return true; // without storage we cannot guard against a loop, so never reload
  }
}

/**
 * React Router `lazy` for a page module. A failed chunk load surfaces as a ChunkLoadError in
 * the route's error element, which reloads the page once (shouldReloadFor / reloadOnce).
 * (A `lazy` that rejects leaves React Router rendering an empty outlet, so the failure is
 * resolved to a component that throws it while rendering instead.)
 */
export function lazyPage(load: () => Promise<PageModule>) {
  return async (): Promise<{ Component: ComponentType }> => {
    let mod: PageModule;
    try {
      mod = await load();
    } catch (error) {
      const failure = new ChunkLoadError(error);
      return {
        Component: function ChunkFailed(): never {
          throw failure;
        },
      };
    }
    try {
      sessionStorage.removeItem(STORAGE_KEYS.chunkReload);
    } catch {
      /* ignore */
    }
    return { Component: mod.default };
  };
}

/** Whether the error element should reload the page for this error (once, guarded by sessionStorage). */
export function shouldReloadFor(error: unknown): boolean {
  return error instanceof ChunkLoadError && !reloadedAlready();
}

export function reloadOnce(): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.chunkReload, '1');
  } catch {
    return;
  }
  window.location.reload();
}
