import { afterEach, describe, expect, test, vi } from 'vitest';
import { scheduleFingerprint } from './fingerprint.js';
import { computeFingerprint, murmur128, murmur128Digest, storeFingerprint } from './fingerprint-store.js';
import type { FingerprintRequest } from './fingerprint-hash.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MurmurHash3 x64 128-bit', () => {
  // h1‖h2 as printed by the reference implementation's test tables (SMHasher-derived suites)
  test.each([
    ['', 0, '00000000000000000000000000000000'],
    ['', 1, '4610abe56eff5cb551622daa78f83583'],
    ['hello', 0, 'cbd8a7b341bd9b025b1e906a48ae1d19'],
    ['The quick brown fox jumps over the lazy dog', 0, 'e34bbc7bbc071b6c7a433ca9c49a9347'],
    ['My hovercraft is full of eels.', 0, '03e5e14d358c16d1e5ae86df7ed5cfcb'],
    ['My hovercraft is full of eels.', 25, 'e85cec5bbbe05ddefccbf1b933fff845'],
    ['My hovercraft is full of eels.', 128, '898223700c20009cf8b163b4519c7a35'],
    ['0123456789abcdef', 0, '4be06d94cf4ad1a787c35b5c63a708da'],
    ['utf-8 supported 🌈', 0, '61dacbe7a7080feea406afcde9477eed'],
    ['這個有效', 0, 'a5df1c1a469c566b03c818b95419ed65'],
  ])('%j with seed %i → %s', (text, seed, expected) => {
    expect(murmur128(text, seed)).toBe(expected);
  });

  test('the digest byte order matches the canonical byte output (e.g. Python mmh3.hash_bytes)', () => {
    expect(murmur128Digest('The quick brown fox jumps over the lazy dog', 0)).toBe('6c1b07bc7bbc4be347939ac4a93c437a');
  });

  test('the default seed is 31', () => {
    expect(murmur128('hello')).toBe(murmur128('hello', 31));
    expect(murmur128('hello')).not.toBe(murmur128('hello', 0));
  });
});

describe('browser fingerprint', () => {
  test('32 hex digits, the same for the same components, different for different ones', () => {
    const a = computeFingerprint({ userAgent: 'UA', screen: '390x844' });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(computeFingerprint({ screen: '390x844', userAgent: 'UA' })).toBe(a);
    expect(computeFingerprint({ userAgent: 'UA', screen: '430x932' })).not.toBe(a);
  });

  test('computed from this browser and stored under browserId when the browser is idle', async () => {
    // the code that computes it is loaded when the browser is idle: settle that import once first
    await import('./fingerprint-store.js');
    const stored = () => vi.waitFor(() => expect(localStorage.getItem('browserId')).toMatch(/^[0-9a-f]{32}$/));
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb;
      return 1;
    });
    scheduleFingerprint();
    expect(localStorage.getItem('browserId')).toBeNull();
    idle?.();
    await stored();
    const first = localStorage.getItem('browserId');
    localStorage.clear();
    scheduleFingerprint();
    idle?.();
    await stored();
    expect(localStorage.getItem('browserId')).toBe(first);
  });

  test('without requestIdleCallback it runs after 500 ms', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    scheduleFingerprint(task);
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  test('with requestIdleCallback no 500 ms timer is used', () => {
    vi.useFakeTimers();
    const ric = vi.fn();
    vi.stubGlobal('requestIdleCallback', ric);
    const task = vi.fn();
    scheduleFingerprint(task);
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
    expect(ric).toHaveBeenCalledTimes(1);
    (ric.mock.calls[0]?.[0] as () => void)();
    expect(task).toHaveBeenCalledTimes(1);
  });
});

describe('the canvas drawing is left to the worker where it can draw', () => {
  /** A worker that records what the page sends it and answers with `answer`. */
  const fakeWorker = (answer: string) => {
    const sent: FingerprintRequest[] = [];
    class FakeWorker {
      onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      onmessageerror: ((event: Event) => void) | null = null;
      postMessage(request: FingerprintRequest) {
        sent.push(request);
        queueMicrotask(() => this.onmessage?.({ data: answer } as MessageEvent<unknown>));
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    return sent;
  };
  const stored = () => vi.waitFor(() => expect(localStorage.getItem('browserId')).toMatch(/^[0-9a-f]{32}$/));

  test('with OffscreenCanvas the page sends only its facts: no canvas is drawn on the page', async () => {
    localStorage.clear();
    const sent = fakeWorker('0123456789abcdef0123456789abcdef');
    vi.stubGlobal('OffscreenCanvas', class {});
    const drawn = vi.spyOn(HTMLCanvasElement.prototype, 'getContext');
    storeFingerprint();
    await stored();
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('canvasDataUrl');
    expect(sent[0]?.components.userAgent).toBe(navigator.userAgent);
    expect(drawn).not.toHaveBeenCalled();
    expect(localStorage.getItem('browserId')).toBe('0123456789abcdef0123456789abcdef');
    drawn.mockRestore();
  });

  test('without it the page draws and sends the drawing; an unusable answer is worked out on the page', async () => {
    localStorage.clear();
    const sent = fakeWorker('failed');
    vi.stubGlobal('OffscreenCanvas', undefined);
    storeFingerprint();
    await stored();
    expect(sent[0]).toHaveProperty('canvasDataUrl');
    expect(localStorage.getItem('browserId')).toBe(computeFingerprint());
  });
});
