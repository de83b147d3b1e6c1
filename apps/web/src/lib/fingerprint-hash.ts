import murmurHash3 from 'murmurhash3js-revisited';
import { appConstants } from '@qgw/contracts';

/**
 * The fingerprint's arithmetic, free of the page (no window, document or storage): the page hands
 * it what it read, and it runs in a worker or, where workers are missing, in the page itself.
 */

/**
 * MurmurHash3 x64 128-bit over the UTF-8 bytes of `text`, as 32 hex digits (h1 then h2, each as a
 * 64-bit number) — the form the reference implementation's test tables print.
 */
export function murmur128(text: string, seed: number = appConstants.fingerprintSeed): string {
  return murmurHash3.x64.hash128(new TextEncoder().encode(text), seed);
}

/** The facts the page reads (everything but the time zone) and its canvas drawing (null: none). */
export interface PageFacts {
  components: Record<string, string>;
  canvasDataUrl: string | null;
}

/** What the page sends the worker: its facts, and its canvas drawing unless the worker is to make it. */
export interface FingerprintRequest {
  components: Record<string, string>;
  /** absent: the worker draws it on an OffscreenCanvas */
  canvasDataUrl?: string | null;
}

/** The canvas size and the text drawn on it, the same on the page's canvas and a worker's OffscreenCanvas. */
export const fingerprintCanvas = { width: 240, height: 60 } as const;

export function drawFingerprintText(ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D): void {
  ctx.textBaseline = 'top';
  ctx.font = '16px "Arial"';
  ctx.fillStyle = '#f60';
  ctx.fillRect(100, 1, 62, 20);
  ctx.fillStyle = '#069';
  ctx.fillText('青工委服务平台 fingerprint 🌱', 2, 15);
  ctx.fillStyle = 'rgba(102, 204, 0, 0.7)';
  ctx.fillText('青工委服务平台 fingerprint 🌱', 4, 17);
}

/** PNG bytes as a data URL, as `canvas.toDataURL()` gives them. */
export function pngDataUrl(bytes: Uint8Array): string {
  let binary = '';
  // in slices: String.fromCharCode takes its bytes as arguments, and arguments are limited
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
}

/** The time zone, as an IANA name (the UTC offset where Intl is missing). */
export function timezoneComponent(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return String(new Date().getTimezoneOffset());
  }
}

/** Every component: the page's facts, the time zone and the hash of the canvas drawing. */
export function completeComponents(facts: PageFacts, timezone: string = timezoneComponent()): Record<string, string> {
  return {
    ...facts.components,
    timezone,
    canvas: facts.canvasDataUrl === null ? 'no-canvas' : murmur128(facts.canvasDataUrl),
  };
}

/** The fingerprint of a set of components: their hash in key order. */
export function fingerprintOf(components: Record<string, string>): string {
  const text = Object.keys(components)
    .sort()
    .map((k) => `${k}=${components[k]}`)
    .join('|');
  return murmur128(text, appConstants.fingerprintSeed);
}
