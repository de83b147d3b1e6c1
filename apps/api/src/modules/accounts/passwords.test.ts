import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concurrencyLimit, hashPassword, isCommonPassword, verifyPassword } from './passwords.js';

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, the rest in order of arrival, every result to its caller', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates: Array<() => void> = [];
    const results = Array.from({ length: 6 }, (_, i) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        started.push(i);
        await new Promise<void>((r) => (gates[i] = r));
        running--;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const i of [0, 2, 3, 4, 5]) {
      gates[i]!();
      await tick();
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('frees the turn of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });
});

describe('argon2id hashing under the limit', () => {
  it('hashes and verifies many at once, correctly, whatever the core count', async () => {
    const n = availableParallelism() * 2 + 1;
    const hashes = await Promise.all(Array.from({ length: n }, (_, i) => hashPassword(`Pass-${i}-word!`)));
    const checks = await Promise.all(hashes.flatMap((h, i) => [verifyPassword(h, `Pass-${i}-word!`), verifyPassword(h, `Pass-${i}-wrong!`)]));
    expect(checks).toEqual(hashes.flatMap(() => [true, false]));
  });
});

describe('isCommonPassword', () => {
  // the list as the package gives it, checked the plain way
  const list = createRequire(import.meta.url)('@zxcvbn-ts/language-common/dist/passwords.json.js') as string[];
  const plain = new Set(list.map((p) => p.toLowerCase()));
  const expected = (p: string) => plain.has(p.normalize('NFKC').toLowerCase());

  it('finds entries of the common-password list, first, middle and last, in any case', () => {
    for (const p of [list[0]!, list[1]!, list[Math.floor(list.length / 2)]!, list.at(-1)!, 'PassWord', 'QWERTY']) expect(isCommonPassword(p), p).toBe(true);
  });

  it('does not match several entries at once, across a line, or the empty password', () => {
    for (const p of [`${list[0]}\n${list[1]}`, `${list[0]}\n`, `\n${list[0]}`, '', 'Zq8#tLw!2vPm', '青年工作者2024']) expect(isCommonPassword(p), JSON.stringify(p)).toBe(false);
  });

  it('answers as a lookup in the list would, for entries, their neighbours and arbitrary text', () => {
    const entry = fc.constantFrom(...list);
    const near = entry.chain((e) => fc.constantFrom(e.slice(1), e.slice(0, -1), `${e}1`, `x${e}`, e.toUpperCase()));
    fc.assert(fc.property(fc.oneof(entry, near, fc.string(), fc.string({ unit: 'grapheme', maxLength: 12 })), (p) => isCommonPassword(p) === expected(p)), { numRuns: 2000 });
  });
});
