import { vi } from 'vitest';

/** What the stub answers for one path: an HTTP status and a JSON body. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** extra response headers (Retry-After, …) */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);

/**
 * Replaces `fetch` (the boundary between the app and the server) with a table of answers by path,
 * and records every request the app makes.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RecordedCall = { method: init.method ?? 'GET', url, headers, body };
    calls.push(call);
    const handler = handlers[url.pathname];
    const answer: StubAnswer = handler === undefined ? { status: 404, body: {} } : typeof handler === 'function' ? await handler(call) : handler;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((c) => c.url.pathname === path),
  };
}

export const ok = (message: unknown, code = 0): StubAnswer => ({ body: { success: true, code, message } });
export const fail = (message: string, code = 4000): StubAnswer => ({ body: { success: false, code, message } });
