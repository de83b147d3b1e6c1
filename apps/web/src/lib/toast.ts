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

/** Loads the toast ahead of need (called once the first screen is up). */
export function preloadToast(): void {
  withToast(() => undefined);
}

/** A text toast; antd-mobile keeps one toast at a time, so this also replaces a loading indicator. */
export function showToast(text: string, duration = 2000): void {
  withToast((t) => t.show({ content: text, duration, maskClickable: true }));
}

/** A loading indicator with one of the spec's titles ("加载中", "更改中", …); stays until replaced or hidden. */
export function showLoading(title: string): void {
  withToast((t) => t.show({ icon: 'loading', content: title, duration: 0, maskClickable: false }));
}

export function hideToast(): void {
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
