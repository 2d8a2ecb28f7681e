import type { ComponentType } from 'react';

const RELOAD_FLAG = 'mip.chunkReloaded';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the application could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a page's code. After a deployment an open tab may ask for a chunk that
 * no longer exists: reload once to get the new build (spec 000 §4); if that
 * fails too, raise the error so the error page explains it.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    try {
      const module = await load();
      localStorage.removeItem(RELOAD_FLAG);
      return { Component: module.default };
    } catch (error) {
      if (!localStorage.getItem(RELOAD_FLAG)) {
        localStorage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      localStorage.removeItem(RELOAD_FLAG);
      throw new ChunkLoadError(error);
    }
  };
}
