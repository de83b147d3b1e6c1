/**
 * TRUST_PROXY decides whose address the per-IP limits count: the client's behind a proxy, or the
 * socket's. Over a real socket, as a proxy would connect.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { trustProxyOption } from '../src/app.js';
import { createTestApp } from './support/test-app.js';

async function addressSeen(trustProxy: string | undefined, forwardedFor: string): Promise<{ ip: string }> {
  const t = await createTestApp({
    env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    beforeReady: (app) => {
      app.get('/v1/__ip', async (req) => ({ ip: req.ip }));
    },
  });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/v1/__ip`, { headers: { 'x-forwarded-for': forwardedFor } });
    return (await res.json()) as { ip: string };
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY', () => {
  it('a hop count trusts that many proxies: with 1, the client the proxy names is the address', async () => {
    expect((await addressSeen('1', '192.0.2.5')).ip).toBe('192.0.2.5');
  });

  it('a hop count does not reach past its proxies: with 1, an address the client forged before the proxy is ignored', async () => {
    // the client sent "X-Forwarded-For: 198.51.100.7"; the proxy appended the client's real address
    expect((await addressSeen('1', '198.51.100.7, 192.0.2.5')).ip).toBe('192.0.2.5');
  });

  it('unset: the forwarded header is ignored, the socket address counts', async () => {
    expect((await addressSeen(undefined, '192.0.2.5')).ip).toBe('127.0.0.1');
  });

  it('an address list trusts only those proxies', async () => {
    expect((await addressSeen('127.0.0.1', '192.0.2.5')).ip).toBe('192.0.2.5');
    expect((await addressSeen('10.0.0.1', '192.0.2.5')).ip).toBe('127.0.0.1');
  });

  it('passes booleans and lists through and turns a count into a hop test', () => {
    expect(trustProxyOption(true)).toBe(true);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption('10.0.0.1')).toBe('10.0.0.1');
    const hops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((h) => hops('x', h))).toEqual([true, true, false]);
  });
});
