import murmurHash3 from 'murmurhash3js-revisited';
import { appConstants, storageKeys } from '@qgw/contracts';
import { setItem } from './storage.js';

/**
 * MurmurHash3 x64 128-bit over the UTF-8 bytes of `text`, as 32 hex digits (h1 then h2, each as a
 * 64-bit number) — the form the reference implementation's test tables print.
 */
export function murmur128(text: string, seed: number = appConstants.fingerprintSeed): string {
  return murmurHash3.x64.hash128(new TextEncoder().encode(text), seed);
}

/** The same hash as the 16 output bytes in order (h1 and h2 little-endian), e.g. for comparing with digest-style tools. */
export function murmur128Digest(text: string, seed: number = appConstants.fingerprintSeed): string {
  const words = murmur128(text, seed);
  const swap = (hex: string) => hex.match(/../g)!.reverse().join('');
  return swap(words.slice(0, 16)) + swap(words.slice(16));
}

/** A hash of how this browser draws text, which differs by fonts, GPU and anti-aliasing. */
function canvasComponent(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 60;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    ctx.textBaseline = 'top';
    ctx.font = '16px "Arial"';
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('青工委服务平台 fingerprint 🌱', 2, 15);
    ctx.fillStyle = 'rgba(102, 204, 0, 0.7)';
    ctx.fillText('青工委服务平台 fingerprint 🌱', 4, 17);
    return murmur128(canvas.toDataURL());
  } catch {
    return 'no-canvas';
  }
}

/** Stable facts about this browser; nothing here identifies a person on its own. */
export function collectComponents(): Record<string, string> {
  const nav = window.navigator as Navigator & { deviceMemory?: number };
  const scr = window.screen;
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timezone = String(new Date().getTimezoneOffset());
  }
  return {
    userAgent: nav.userAgent,
    language: nav.language,
    languages: (nav.languages ?? []).join(','),
    platform: nav.platform,
    screen: `${scr?.width ?? 0}x${scr?.height ?? 0}`,
    colorDepth: String(scr?.colorDepth ?? ''),
    timezone,
    hardwareConcurrency: String(nav.hardwareConcurrency ?? ''),
    deviceMemory: String(nav.deviceMemory ?? ''),
    touch: `${nav.maxTouchPoints ?? 0}:${'ontouchstart' in window}`,
    canvas: canvasComponent(),
  };
}

export function computeFingerprint(components: Record<string, string> = collectComponents()): string {
  const text = Object.keys(components)
    .sort()
    .map((k) => `${k}=${components[k]}`)
    .join('|');
  return murmur128(text, appConstants.fingerprintSeed);
}

function storeFingerprint(): void {
  setItem(storageKeys.browserId, computeFingerprint());
}

/**
 * Spec §9: computed when the browser is idle, or after 500 ms where idle callbacks are missing,
 * so that it never competes with the first paint.
 */
export function scheduleFingerprint(task: () => void = storeFingerprint): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => task());
  } else {
    window.setTimeout(task, appConstants.fingerprintFallbackDelayMs);
  }
}
