import { Toast } from 'antd-mobile';
import { commonStrings } from './strings.js';

/** A text toast; antd-mobile keeps one toast at a time, so this also replaces a loading indicator. */
export function showToast(text: string, duration = 2000): void {
  Toast.show({ content: text, duration, maskClickable: true });
}

/** A loading indicator with one of the spec's titles ("加载中", "更改中", …); stays until replaced or hidden. */
export function showLoading(title: string): void {
  Toast.show({ icon: 'loading', content: title, duration: 0, maskClickable: false });
}

export function hideToast(): void {
  Toast.clear();
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
