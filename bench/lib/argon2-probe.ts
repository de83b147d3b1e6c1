/**
 * Child process (bench/lib/processes.ts startArgon2Probe): raw argon2id verifications with the
 * server's own code and parameters. Started like the server, so the libuv thread pool that
 * @node-rs/argon2 runs on has the same size. Answers { rate } per { seconds, concurrency } asked.
 */
import { hashPassword, verifyPassword } from '../../apps/api/src/modules/accounts/passwords.js';

const hash = await hashPassword('Bench-Pass-2024!');

process.on('message', (m: { seconds: number; concurrency: number }) => {
  void (async () => {
    const until = Date.now() + m.seconds * 1000;
    let done = 0;
    const worker = async () => {
      while (Date.now() < until) {
        // a verification computes one full hash: the work a login does
        await verifyPassword(hash, 'Bench-Pass-2024!');
        done++;
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: m.concurrency }, worker));
    process.send!({ rate: done / ((Date.now() - t0) / 1000) });
  })();
});
// the benchmark is gone: so is the probe
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
