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
/** A screen's data module: its default export starts the screen's first requests. */
export type ScreenPrefetch = () => Promise<{ default: () => void }>;

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

/** Set by the app's start (boot.tsx): the first screen's chunk is asked for in a task of its own. */
let firstLoadInOwnTask = false;

/**
 * The next screen chunk loaded is asked for in a task of its own, after the current one. Called as
 * the app starts: asking for a screen's files (Vite's helper inserts a stylesheet link for each of its
 * CSS files, and the browser then fetches its scripts) otherwise lengthened the router's first task,
 * during which the page could not answer a tap. Later screens load at once: their chunks are asked
 * for in the task of the tap that opens them.
 */
export function loadFirstScreenInOwnTask(): void {
  firstLoadInOwnTask = true;
}

/**
 * A route `lazy` function: loads the screen's own chunk and hands its default export to the router.
 * `prefetch`, when the screen has one, loads a small module that starts the screen's first request
 * at the same time, so that on a slow network the data and the code travel together instead of one
 * after the other. What it starts is not waited for: the screen's own queries pick it up.
 */
export const lazyScreen =
  (load: ScreenLoader, ms?: number, prefetch?: ScreenPrefetch) =>
  async (): Promise<{ Component: ComponentType }> => {
    if (firstLoadInOwnTask) {
      firstLoadInOwnTask = false;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // a failed prefetch costs nothing: the screen asks again and shows its own error
    prefetch?.().then((m) => m.default(), () => undefined);
    const mod = await withChunkTimeout(load, ms);
    return { Component: mod.default };
  };
