import { imageShrink } from '@qgw/contracts';

/**
 * Shrinks a picked photo before it is sent: a phone photo of 8–12 MB (4000 px and more) becomes at
 * most imageShrink.targetBytes with its longest side at most imageShrink.maxSide, so it uploads
 * in seconds on a mobile network and fits the server's limit. Drawing it on a canvas also leaves
 * its EXIF behind (the server strips metadata from whatever reaches it, too), with the EXIF
 * orientation applied to the pixels.
 *
 * The library is loaded only when a photo is picked (the entry routes' budget has no room for it).
 * It runs on the page's thread: its web worker would load the library from a CDN into a blob:
 * worker, which the content security policy refuses; encoding the canvas is asynchronous anyway.
 */
export async function shrinkImage(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<File> {
  // a browser that cannot decode pictures off the page (very old WebViews, and no browser at all in
  // unit tests) sends the original: the server takes it up to limits.image.maxBytes
  if (typeof createImageBitmap !== 'function') return file;
  const { default: imageCompression } = await import('browser-image-compression');
  const shrunk = await imageCompression(file, {
    maxSizeMB: imageShrink.targetBytes / 1024 / 1024,
    maxWidthOrHeight: imageShrink.maxSide,
    // a first try at high quality; each further try lowers it (and the size, past the target)
    initialQuality: 0.9,
    useWebWorker: false,
    preserveExif: false,
    onProgress,
    signal,
  });
  // a small picture already well compressed can come out larger: then the original is better
  return shrunk.size > file.size && file.size <= imageShrink.targetBytes ? file : shrunk;
}
