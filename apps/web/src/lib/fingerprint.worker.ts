import { completeComponents, fingerprintOf, type PageFacts } from './fingerprint-hash.js';

/**
 * Works the fingerprint out off the page's thread: the time zone (the first Intl call loads the
 * locale data) and the hashing take long enough on a phone to hold up a tap. Answers the 32 hex digits.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PageFacts>) => void) | null;
  postMessage(message: string): void;
};

scope.onmessage = (event) => {
  scope.postMessage(fingerprintOf(completeComponents(event.data)));
};
