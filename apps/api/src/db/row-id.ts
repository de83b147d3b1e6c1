import { randomFillSync } from 'node:crypto';

/**
 * Row ids as time-ordered UUIDs (UUIDv7, RFC 9562 §5.7): 48 bits of Unix milliseconds, then 74
 * random bits, so that each new row's id sorts after the rows before it. A random (v4) id puts
 * every insert on a random leaf of the id index, and on SQLite and PostgreSQL alike each commit
 * then writes as many index pages as it inserted rows; ordered ids append to the same few pages
 * (docs/decisions/0018-time-ordered-row-ids.md). Ids made in the same millisecond by this process
 * stay in order through a 12-bit counter seeded at random each millisecond (RFC 9562 §6.2, method
 * 1); should it run out, the timestamp is moved on by a millisecond. The text form is the usual
 * 36-character one, valid wherever a UUID was.
 */

// entropy is drawn in blocks, as crypto.randomUUID does, not one syscall per id
const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

let lastMs = -1;
let counter = 0;

function randomBytes10(out: Buffer): void {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  pool.copy(out, 6, poolAt, poolAt + 10);
  poolAt += 10;
}

const bytes = Buffer.alloc(16);

/** A new row id: a UUIDv7 later than every earlier one from this process. */
export function newRowId(now: number = Date.now()): string {
  randomBytes10(bytes);
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter++;
    if (counter > 0xfff) {
      ms++;
      counter = bytes[6]! & 0x07; // a fresh millisecond: a small random start leaves room to count
    }
  } else {
    // the counter's top bit starts at 0, so at least 2,048 ids fit in any millisecond
    counter = ((bytes[6]! << 8) | bytes[7]!) & 0x7ff;
  }
  lastMs = ms;
  // 48-bit big-endian milliseconds (above 2^32, so no bitwise operators on the whole)
  const hi = Math.floor(ms / 0x1000000);
  const lo = ms % 0x1000000;
  bytes[0] = (hi >>> 16) & 0xff;
  bytes[1] = (hi >>> 8) & 0xff;
  bytes[2] = hi & 0xff;
  bytes[3] = (lo >>> 16) & 0xff;
  bytes[4] = (lo >>> 8) & 0xff;
  bytes[5] = lo & 0xff;
  bytes[6] = 0x70 | (counter >>> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const h = (i: number) => HEX[bytes[i]!]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
