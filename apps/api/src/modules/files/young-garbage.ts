import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Collects the young generation after every few megabytes of a request body.
 *
 * Why by hand: each piece of a body Node reads from a socket arrives in a new buffer whose bytes V8
 * counts as external memory. A video upload allocates almost no JavaScript objects, so no scavenge
 * runs to free those buffers; instead V8 starts a full mark-compact of the whole ~35 MB heap every
 * ~11 MB received, which held a 500 MB upload to a quarter of the disk's speed. A scavenge every
 * few megabytes (well under a millisecond on a young generation that small) frees the buffers first:
 * measured on 2 × 200 MB, mark-compacts 33 → 0 during the upload, about twice the upload speed and a
 * lower peak RSS (docs/decisions/0025-video-upload-path.md).
 *
 * The collector comes from a fresh context created while `--expose-gc` is on, then switched off
 * again, so that no global `gc` is left for other code to call.
 */
type Collect = (options: { type: 'minor'; execution: 'sync' }) => void;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
    setFlagsFromString('--no-expose-gc');
  } catch {
    // without it uploads are slower, not wrong
    collect = null;
  }
  return collect;
}

/** Bytes of body between two collections: below the ~11 MB at which V8 would start a full one. */
export const YOUNG_GC_EVERY_BYTES = 2 * 2 ** 20;

/** Counts a body's bytes as they pass and collects the young generation every `every` bytes. */
export function collectingEvery(every = YOUNG_GC_EVERY_BYTES): (chunk: Buffer) => void {
  let since = 0;
  return (chunk) => {
    since += chunk.length;
    if (since < every) return;
    since = 0;
    collector()?.({ type: 'minor', execution: 'sync' });
  };
}
