/**
 * Child process (bench/lib/processes.ts startArgon2Probe): raw argon2id verifications with the
 * server's own code and parameters. Started like the server, so the libuv thread pool that
 * @node-rs/argon2 runs on has the same size. Answers { rate, cpuMsPerHash } per { seconds, concurrency }
 * asked: verifications per second, and the CPU time the probe process spent per verification.
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
    const cpu0 = process.cpuUsage();
    await Promise.all(Array.from({ length: m.concurrency }, worker));
    const cpu = process.cpuUsage(cpu0);
    process.send!({ rate: done / ((Date.now() - t0) / 1000), cpuMsPerHash: (cpu.user + cpu.system) / 1000 / Math.max(1, done) });
  })();
});
// the benchmark is gone: so is the probe
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
