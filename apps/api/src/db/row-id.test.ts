import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZConsoleId } from '@qgw/contracts';
import { newRowId } from './row-id.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

// ids are compared as the database compares text: code unit by code unit
const increasing = (ids: string[]) => ids.every((id, i) => i === 0 || ids[i - 1]! < id);

describe('row ids (UUIDv7)', () => {
  it('are RFC 9562 version 7 UUIDs that carry the time they were made', () => {
    const before = Date.now();
    const id = newRowId();
    expect(id).toMatch(V7);
    expect(z.uuid().safeParse(id).success).toBe(true);
    // the API's own id check, where ids come back in requests
    expect(ZConsoleId.safeParse(id).success).toBe(true);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(Date.now());
  });

  it('sort in the order they were made, many in one millisecond included', () => {
    const ids = Array.from({ length: 20_000 }, () => newRowId());
    expect(increasing(ids)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stay in order when more are made in one millisecond than the counter holds, moving the time on', () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 10_000 }, () => newRowId(now));
    expect(increasing(ids)).toBe(true);
    expect(msOf(ids[0]!)).toBe(now);
    expect(msOf(ids.at(-1)!)).toBeGreaterThan(now);
    // from the next real millisecond on, ids follow the clock again
    expect(msOf(newRowId(now + 1000))).toBe(now + 1000);
  });

  it('keep 62 random bits in every id, so ids of one millisecond are not guessable from each other', () => {
    const now = Date.now() + 120_000;
    const tails = Array.from({ length: 2000 }, () => newRowId(now).slice(19).replace('-', ''));
    expect(new Set(tails).size).toBe(tails.length);
  });

  it('never go backwards, whatever the clock does (property)', () => {
    // clock readings that repeat, jump ahead and step back, as a wall clock corrected by NTP can
    const base = Date.now() + 180_000;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -5_000, max: 5_000 }), fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 60 }), (steps) => {
        const ids: string[] = [newRowId(base)];
        for (const [offset, repeat] of steps) for (let i = 0; i < repeat; i++) ids.push(newRowId(base + offset));
        return increasing(ids) && ids.every((id) => V7.test(id));
      }),
      { numRuns: 300 },
    );
  });
});
