/**
 * The browser fingerprint, worked out and stored (docs/requirements.md#fingerprint). Loaded only when
 * the browser is idle (fingerprint.ts): neither the page's facts nor the hash are needed to draw the
 * first screen, so none of this code is in what a phone downloads before it.
 */
import { appConstants, storageKeys } from '@qgw/contracts';
import {
  completeComponents,
  drawFingerprintText,
  fingerprintCanvas,
  type FingerprintRequest,
  fingerprintOf,
  murmur128,
  timezoneComponent,
  type PageFacts,
} from './fingerprint-hash.js';
import { setItem } from './storage.js';

export { murmur128 } from './fingerprint-hash.js';

/** The same hash as the 16 output bytes in order (h1 and h2 little-endian), e.g. for comparing with digest-style tools. */
export function murmur128Digest(text: string, seed: number = appConstants.fingerprintSeed): string {
  const words = murmur128(text, seed);
  const swap = (hex: string) => hex.match(/../g)!.reverse().join('');
  return swap(words.slice(0, 16)) + swap(words.slice(16));
}

/** How this browser draws text (as a PNG data URL), which differs by fonts, GPU and anti-aliasing; null: no canvas. */
function canvasDrawing(): string | null {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = fingerprintCanvas.width;
    canvas.height = fingerprintCanvas.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    drawFingerprintText(ctx);
    return canvas.toDataURL();
  } catch {
    return null;
  }
}

/** Stable facts about this browser that only the page can read. */
function pageComponents(): Record<string, string> {
  const nav = window.navigator as Navigator & { deviceMemory?: number };
  const scr = window.screen;
  return {
    userAgent: nav.userAgent,
    language: nav.language,
    languages: (nav.languages ?? []).join(','),
    platform: nav.platform,
    screen: `${scr?.width ?? 0}x${scr?.height ?? 0}`,
    colorDepth: String(scr?.colorDepth ?? ''),
    hardwareConcurrency: String(nav.hardwareConcurrency ?? ''),
    deviceMemory: String(nav.deviceMemory ?? ''),
    touch: `${nav.maxTouchPoints ?? 0}:${'ontouchstart' in window}`,
  };
}

/** What only the page can read: stable facts about this browser, and its canvas drawing. */
function pageFacts(): PageFacts {
  return { components: pageComponents(), canvasDataUrl: canvasDrawing() };
}

/** Stable facts about this browser; nothing here identifies a person on its own. */
export function collectComponents(): Record<string, string> {
  return completeComponents(pageFacts(), timezoneComponent());
}

export function computeFingerprint(components: Record<string, string> = collectComponents()): string {
  return fingerprintOf(components);
}

/** A worker for the slow part (time zone, hashing); null where the browser has none to give. */
function fingerprintWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(new URL('./fingerprint.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/**
 * The page reads its facts (quick); a worker draws the canvas text on an OffscreenCanvas and works
 * out the time zone and the hashes. Drawing CJK text and encoding the PNG took ~30 ms of a page's
 * task on a mid-range phone, inside the time the first screen must answer taps in. Where workers
 * have no OffscreenCanvas the page draws and the worker hashes; without a worker, or when it fails,
 * the page does it all itself. A browser always takes the same path, so its value is stable.
 */
export function storeFingerprint(): void {
  const components = pageComponents();
  const store = (fingerprint: string) => setItem(storageKeys.browserId, fingerprint);
  const worker = fingerprintWorker();
  if (!worker) return store(fingerprintOf(completeComponents({ components, canvasDataUrl: canvasDrawing() })));
  // drawn by the page only on the way out (no OffscreenCanvas in workers, or the worker failed)
  let drawn: PageFacts | undefined;
  const facts = () => (drawn ??= pageFacts());
  let settled = false;
  const settle = (fingerprint: () => string) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    store(fingerprint());
  };
  worker.onmessage = (event: MessageEvent<unknown>) => {
    const answer = event.data;
    settle(() => (typeof answer === 'string' && /^[0-9a-f]{32}$/.test(answer) ? answer : fingerprintOf(completeComponents(facts()))));
  };
  const inPage = (event: Event) => {
    event.preventDefault();
    settle(() => fingerprintOf(completeComponents(facts())));
  };
  worker.onerror = inPage;
  worker.onmessageerror = inPage;
  const request: FingerprintRequest = typeof OffscreenCanvas === 'function' ? { components } : facts();
  worker.postMessage(request);
}
