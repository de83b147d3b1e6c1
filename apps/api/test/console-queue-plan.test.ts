import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.js';
import { applicationCount, nameSearchWalks, nameWalkThreshold } from '../src/modules/review/queue.repository.js';
import { createFreshDatabase, type FreshDatabase, testDatabaseUrl } from './support/test-app.js';

describe('how a name search chooses its plan', () => {
  it('walks the queue once matches pass √(limit × rows), within bounds', () => {
    expect(nameWalkThreshold(21, 1_000_000)).toBe(4583);
    expect(nameWalkThreshold(21, 100_000)).toBe(1449);
    expect(nameWalkThreshold(21, 1_000)).toBe(145);
    // a small table is always walked; a huge one never probes more than 5,000 index entries
    expect(nameWalkThreshold(21, 400)).toBe(100);
    expect(nameWalkThreshold(21, 0)).toBe(100);
    expect(nameWalkThreshold(21, 100_000_000)).toBe(5000);
    expect(nameWalkThreshold(51, 1_000_000)).toBeGreaterThan(nameWalkThreshold(21, 1_000_000));
  });
});

describe(`the application count behind it, on ${testDatabaseUrl ? 'postgres' : 'sqlite'}`, () => {
  let dir: string;
  let fresh: FreshDatabase;
  const now = new Date().toISOString();
  const add = async (n: number, name = '张青') => {
    const users = Array.from({ length: n }, () => ({
      id: randomUUID(), mobile: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, password_hash: 'x', nickname: 'n',
      avatar: null, status: 'active' as const, new_user: 0 as const, created_at: now, updated_at: now,
    }));
    await fresh.db.insertInto('users').values(users).execute();
    await fresh.db.insertInto('applications').values(users.map((u) => ({
      id: randomUUID(), kind: 'membership' as const, user_id: u.id, programme_id: null, status: 'submitted' as const, version: 1, title: name,
      applicant_name: name, organization: null, theme_id: null, data_json: '{}', id_number_enc: null, reason: null,
      submitted_at: now, decided_at: null, created_at: now, updated_at: now,
    }))).execute();
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qgw-queue-plan-'));
    fresh = await createFreshDatabase(dir);
    await migrateToLatest(fresh.db);
  });
  afterAll(async () => {
    await fresh.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is counted once, kept for a minute, then counted again while the last count still answers', async () => {
    await add(3);
    const t0 = Date.now();
    expect(await applicationCount(fresh.db, t0)).toBe(3);
    await add(2);
    // within the minute: the count taken before
    expect(await applicationCount(fresh.db, t0 + 30_000)).toBe(3);
    // past it: the last count answers at once and a new one is taken behind it
    expect(await applicationCount(fresh.db, t0 + 61_000)).toBe(3);
    await expect.poll(() => applicationCount(fresh.db, Date.now())).toBe(5);
  });

  it('probes a prefix once a minute: a page of a scrolled search reuses the plan its first page chose', async () => {
    const t0 = Date.now();
    expect(await nameSearchWalks(fresh.db, '李', 3, t0)).toBe(false);
    await add(3, '李明');
    // within the minute: the plan chosen before, though the name is now common
    expect(await nameSearchWalks(fresh.db, '李', 3, t0 + 30_000)).toBe(false);
    // another threshold (the table grew) or another prefix is probed at once
    expect(await nameSearchWalks(fresh.db, '李', 2, t0 + 30_000)).toBe(true);
    expect(await nameSearchWalks(fresh.db, '李明', 3, t0 + 30_000)).toBe(true);
    // past the minute: probed again
    expect(await nameSearchWalks(fresh.db, '李', 3, t0 + 61_000)).toBe(true);
  });
});
