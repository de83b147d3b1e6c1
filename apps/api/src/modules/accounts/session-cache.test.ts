import { describe, expect, it } from 'vitest';
import type { AuthContext } from './sessions.js';
import { SessionCache } from './session-cache.js';

const policy = { idleMs: 30 * 60_000, absoluteMs: 7 * 24 * 3600_000 };
const TTL = 30_000;
const TOUCH = 60_000;
const T0 = Date.parse('2026-03-01T08:00:00.000Z');

const ctxOf = (userId: string, sessionId: string): AuthContext => ({
  user: { id: userId, mobile: '13800000000', nickname: 'n', avatar: null, newUser: false, createdAt: '2026-01-01T00:00:00.000Z', roles: ['reviewer'] },
  session: { id: sessionId, createdAt: '2026-03-01T07:00:00.000Z', expiresAt: new Date(T0 + 3600_000).toISOString() },
});

const remembered = (userId = 'u1', sessionId = 's1', lastUsedAt = T0) => ({ ctx: ctxOf(userId, sessionId), lastUsedAt, expiresAt: T0 + 3600_000 });

describe('SessionCache', () => {
  it('answers a remembered session within the minute after its recorded use, a copy each time', () => {
    const c = new SessionCache(policy, TTL, TOUCH);
    c.remember('h1', remembered(), c.readStarted, T0);
    const a = c.recall('h1', T0 + 1000)!;
    expect(a.user.id).toBe('u1');
    a.user.roles.push('admin');
    a.user.nickname = 'changed';
    const b = c.recall('h1', T0 + 2000)!;
    expect(b.user.roles).toEqual(['reviewer']);
    expect(b.user.nickname).toBe('n');
  });

  it('keeps no reference to the context it was given', () => {
    const c = new SessionCache(policy, TTL, TOUCH);
    const r = remembered();
    c.remember('h1', r, c.readStarted, T0);
    r.ctx.user.roles.push('admin');
    expect(c.recall('h1', T0)!.user.roles).toEqual(['reviewer']);
  });

  it('sends the check to the database once the last use is a minute old, so that it is recorded', () => {
    const c = new SessionCache(policy, 10 * TOUCH, TOUCH);
    c.remember('h1', remembered('u1', 's1', T0 - 50_000), c.readStarted, T0);
    expect(c.recall('h1', T0 + 9_999)).not.toBeNull();
    expect(c.recall('h1', T0 + 10_000)).toBeNull();
    // and it is gone, not only refused
    expect(c.size).toBe(0);
  });

  it('forgets after its time to live, at the session’s absolute expiry and at its idle limit', () => {
    const c = new SessionCache(policy, TTL, TOUCH);
    c.remember('h1', remembered(), c.readStarted, T0);
    expect(c.recall('h1', T0 + TTL)).toBeNull();
    const expiring = { ...remembered(), expiresAt: T0 + 5000 };
    c.remember('h2', expiring, c.readStarted, T0);
    expect(c.recall('h2', T0 + 4999)).not.toBeNull();
    expect(c.recall('h2', T0 + 5000)).toBeNull();
    const idle = new SessionCache({ idleMs: 10_000, absoluteMs: policy.absoluteMs }, TTL, TOUCH);
    idle.remember('h3', remembered(), idle.readStarted, T0);
    expect(idle.recall('h3', T0 + 9_999)).not.toBeNull();
    expect(idle.recall('h3', T0 + 10_000)).toBeNull();
  });

  it('forgets every session of a user, one session, or everything', () => {
    const c = new SessionCache(policy, TTL, TOUCH);
    c.remember('a1', remembered('a', 'sa1'), c.readStarted, T0);
    c.remember('a2', remembered('a', 'sa2'), c.readStarted, T0);
    c.remember('b1', remembered('b', 'sb1'), c.readStarted, T0);
    c.forgetUser('a');
    expect([c.recall('a1', T0), c.recall('a2', T0)]).toEqual([null, null]);
    expect(c.recall('b1', T0)).not.toBeNull();
    c.remember('a1', remembered('a', 'sa1'), c.readStarted, T0);
    c.forgetSession('sb1');
    expect(c.recall('b1', T0)).toBeNull();
    expect(c.recall('a1', T0)).not.toBeNull();
    c.forgetAll();
    expect(c.size).toBe(0);
  });

  it('does not remember a read that began before something was forgotten', () => {
    const c = new SessionCache(policy, TTL, TOUCH);
    // the read starts, the user is changed and forgotten meanwhile, then the read's (old) answer comes
    const started = c.readStarted;
    c.forgetUser('someone else, even');
    c.remember('h1', remembered(), started, T0);
    expect(c.recall('h1', T0)).toBeNull();
    c.remember('h1', remembered(), c.readStarted, T0);
    expect(c.recall('h1', T0)).not.toBeNull();
  });

  it('holds at most `max` sessions, dropping the longest remembered first', () => {
    const c = new SessionCache(policy, TTL, TOUCH, 3);
    for (const n of [1, 2, 3, 4]) c.remember(`h${n}`, remembered(`u${n}`, `s${n}`), c.readStarted, T0);
    expect(c.size).toBe(3);
    expect(c.recall('h1', T0)).toBeNull();
    expect(c.recall('h4', T0)).not.toBeNull();
    // a user forgotten after being dropped leaves nothing behind
    c.forgetUser('u1');
    expect(c.size).toBe(3);
  });
});
