import { appConstants } from '@qgw/contracts';

/** How many times the fingerprint's code is fetched before giving up until the next page load. */
const fetchAttempts = 3;
const retryAfterMs = 5_000;

/**
 * Works out and stores the fingerprint, its code fetched only now (fingerprint-store.ts). On a
 * patchy connection the fetch can fail: that is tried again a little later rather than left as an
 * uncaught error, and the browserId simply waits (nothing is blocked on it).
 */
const storeFingerprint = (attempt = 1): void => {
  void import('./fingerprint-store.js').then(
    (m) => m.storeFingerprint(),
    () => {
      if (attempt < fetchAttempts) window.setTimeout(() => storeFingerprint(attempt + 1), retryAfterMs * attempt);
    },
  );
};

/**
 * Computed when the browser is idle, or after 500 ms where idle callbacks are missing, so that it
 * never competes with the first paint (docs/requirements.md#fingerprint).
 */
export function scheduleFingerprint(task: () => void = () => storeFingerprint()): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => task());
  } else {
    window.setTimeout(task, appConstants.fingerprintFallbackDelayMs);
  }
}
