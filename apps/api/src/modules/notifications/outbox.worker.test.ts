/**
 * Closing the outbox worker never hangs a shutdown: a run stuck on a database that stopped answering
 * is abandoned once its lease is over (its rows are then any worker's to take again).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.js';
import { outboxRepository } from './outbox.repository.js';
import { OutboxWorker } from './outbox.worker.js';

describe('OutboxWorker.close', () => {
  it('waits for a run in flight at most a lease, then goes on and says so', async () => {
    const claim = vi.spyOn(outboxRepository, 'claim').mockImplementation(() => new Promise(() => undefined));
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
    try {
      const worker = new OutboxWorker({ db: {} as Kysely<Database>, clock: Date.now, log, channels: [], wechatAppid: undefined, leaseMs: 200 });
      worker.kick();
      expect(claim).toHaveBeenCalledTimes(1);
      const started = Date.now();
      await worker.close();
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(warnings).toEqual(['outbox run still going when closing; abandoned to its lease']);
    } finally {
      claim.mockRestore();
    }
  });

  it('returns at once when nothing is running, with nothing to say', async () => {
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
    const worker = new OutboxWorker({ db: {} as Kysely<Database>, clock: Date.now, log, channels: [], wechatAppid: undefined, leaseMs: 60_000 });
    const started = Date.now();
    await worker.close();
    expect(Date.now() - started).toBeLessThan(100);
    expect(warnings).toEqual([]);
  });
});
