import { ImageViewer } from 'antd-mobile';

/** A picture full-screen, to zoom and pan: loaded by openImage on the first tap. */
export function showImage(url: string): void {
  ImageViewer.show({ image: url });
}
