import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.js';

/**
 * Outside production a secret that is not configured is generated once into a file of DATA_DIR,
 * readable by the owner only, so that it survives restarts. `parse` checks and decodes the file's text
 * (throwing when it is unusable); `generate` makes a fresh one.
 */
export async function loadOrCreateKeyFile(
  dir: string,
  file: string,
  generate: () => string,
  parse: (text: string) => Buffer,
): Promise<Buffer> {
  const read = async () => parse(await readFile(file, 'utf8'));
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  // DATA_DIR: owner-only when made here; an existing one is the operator's to set
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    // 'wx': of two processes starting together only one writes; the other reads its key
    await writeFile(file, `${generate()}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return read();
}
