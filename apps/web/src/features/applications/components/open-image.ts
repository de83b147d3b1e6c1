import { showToast } from '../../../lib/toast.js';
import { commonStrings } from '../../../lib/strings.js';

/**
 * Opens a picture full-screen. antd-mobile's ImageViewer, with the gesture and animation libraries
 * it needs (27 KB of gzip), loads on the first tap on a picture instead of with every form and
 * result that shows one.
 */
export function openImage(url: string): void {
  import('./image-viewer.js').then(
    (m) => m.showImage(url),
    () => showToast(commonStrings.networkError),
  );
}
