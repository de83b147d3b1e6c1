import { commonStrings } from './strings.js';

type ToastApi = typeof import('antd-mobile/es/components/toast/index.js').default;

/**
 * antd-mobile's Toast (with its mask and animation library) loads on first use, or when the browser
 * is idle after the first screen, so that it is not part of the first screens' JavaScript. Every
 * call chains on the same promise, so calls keep their order (a loading indicator shown and then
 * cleared is never shown after its clear).
 */
let api: Promise<ToastApi> | null = null;
const toast = (): Promise<ToastApi> =>
  (api ??= import('antd-mobile/es/components/toast/index.js').then(
    (m) => m.default,
    (err: unknown) => {
      // offline or a failed deploy: the next toast asks again instead of failing forever
      api = null;
      throw err;
    },
  ));

/** Runs `use` once the toast is there; a toast that cannot load is dropped, never an uncaught error. */
const withToast = (use: (t: ToastApi) => void): void => {
  toast().then(use, () => undefined);
};

/**
 * Uses this Toast instead of loading one: for environments that already hold antd-mobile (the unit
 * tests, which resolve the module path apart from the package's main entry).
 */
export function provideToast(t: ToastApi): void {
  api = Promise.resolve(t);
}

/** Loads the toast ahead of need. */
export function preloadToast(): void {
  withToast(() => undefined);
}

/** How long after the start the toast's code comes if the person has not touched the page yet. */
export const TOAST_PRELOAD_FALLBACK_MS = 8000;

/**
 * Loads the toast's code (antd-mobile's toast with its mask and animation library, ~25 KB of gzip)
 * at the person's first touch or key, or after TOAST_PRELOAD_FALLBACK_MS. It used to come as soon
 * as the browser was idle, which on a slow network is while the first screen's own code is still
 * on its way: it took bandwidth and main-thread time from that screen. Most toasts answer a tap,
 * and one needed earlier loads on demand.
 */
export function preloadToastOnFirstTouch(target: EventTarget = window, load: () => void = preloadToast): void {
  const events = ['pointerdown', 'keydown'] as const;
  const go = () => {
    clearTimeout(timer);
    for (const e of events) target.removeEventListener(e, go, true);
    load();
  };
  const timer = setTimeout(go, TOAST_PRELOAD_FALLBACK_MS);
  for (const e of events) target.addEventListener(e, go, { capture: true, passive: true });
}

/** When the last toast was asked for (performance.now()), to tell a page's leftovers from a message about the move. */
let lastShownAt = Number.NEGATIVE_INFINITY;
/** what is up: nothing was ever shown (then nothing is loaded to clear it), a message, or an indicator */
let showing: 'none' | 'text' | 'loading' = 'none';
/**
 * A toast asked for this shortly before the screen changes belongs to the change (提交成功... and
 * then the result page, as the spec orders them) and stays; an older one is the last page's and goes.
 */
export const TOAST_CARRIES_OVER_MS = 600;

/** A text toast; antd-mobile keeps one toast at a time, so this also replaces a loading indicator. */
export function showToast(text: string, duration = 2000): void {
  lastShownAt = performance.now();
  showing = 'text';
  withToast((t) => t.show({ content: text, duration, maskClickable: true }));
}

/** The screen changed: a toast from the page left behind (an old error, a stray indicator) is cleared. */
export function clearToastLeftFromLastPage(now = performance.now()): void {
  // a loading indicator belongs to the page that asked; the next page shows its own
  if (showing === 'loading' || (showing === 'text' && now - lastShownAt > TOAST_CARRIES_OVER_MS)) hideToast();
}

/** A loading indicator with one of the spec's titles ("加载中", "更改中", …); stays until replaced or hidden. */
export function showLoading(title: string): void {
  showing = 'loading';
  withToast((t) => t.show({ icon: 'loading', content: title, duration: 0, maskClickable: false }));
}

export function hideToast(): void {
  if (showing === 'none') return;
  showing = 'none';
  withToast((t) => t.clear());
}

/** An error that has already told the user what happened (a validation toast, the 401 redirect). */
export class ShownError extends Error {
  readonly shown = true;
}

/** Shows an error as a toast unless the user has already been told. */
export function toastError(error: unknown): void {
  if (error instanceof ShownError) return;
  const message = error instanceof Error && error.message ? error.message : commonStrings.unknownError;
  showToast(message);
}
