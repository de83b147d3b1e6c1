import { completeComponents, drawFingerprintText, fingerprintCanvas, type FingerprintRequest, fingerprintOf, pngDataUrl } from './fingerprint-hash.js';

/**
 * Works the fingerprint out off the page's thread: the canvas drawing when the page leaves it to the
 * worker (text in CJK fonts and a PNG to encode), the time zone (the first Intl call loads the locale
 * data) and the hashing, which take long enough on a phone to hold up a tap. Answers the 32 hex
 * digits, or nothing it can use (then the page works it out itself).
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FingerprintRequest>) => void) | null;
  postMessage(message: string): void;
};

/** The same drawing as the page's canvas, on an OffscreenCanvas; null where it has no 2D context. */
async function offscreenDrawing(): Promise<string | null> {
  const canvas = new OffscreenCanvas(fingerprintCanvas.width, fingerprintCanvas.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawFingerprintText(ctx);
  const png = await canvas.convertToBlob({ type: 'image/png' });
  return pngDataUrl(new Uint8Array(await png.arrayBuffer()));
}

scope.onmessage = (event) => {
  const { components, canvasDataUrl } = event.data;
  void (canvasDataUrl === undefined ? offscreenDrawing() : Promise.resolve(canvasDataUrl)).then(
    (drawn) => scope.postMessage(fingerprintOf(completeComponents({ components, canvasDataUrl: drawn }))),
    () => scope.postMessage('failed'),
  );
};
