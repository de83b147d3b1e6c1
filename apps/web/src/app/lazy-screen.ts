import type { ComponentType } from 'react';
import { appConstants } from '@qgw/contracts';

/** A screen chunk that failed to load or did not arrive in time. */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'failed',
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * A chunk that has not loaded after 120 000 ms counts as failed (docs/requirements.md#constants), so
 * the user gets a retry screen instead of waiting on a blank page forever.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = appConstants.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk timed out after ${ms} ms`, 'timeout')), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), 'failed'));
      },
    );
  });
}

/**
 * A route `lazy` function: loads the screen's own chunk and hands its default export to the router.
 * The chunk is asked for in a task of its own: the browser's work of requesting a screen's files
 * (~60 ms of a slow phone's main thread for the home screen's) otherwise lengthened the router's
 * first task, during which the page could not answer a tap.
 */
export const lazyScreen =
  (load: ScreenLoader, ms?: number) =>
  async (): Promise<{ Component: ComponentType }> => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const mod = await withChunkTimeout(load, ms);
    return { Component: mod.default };
  };
