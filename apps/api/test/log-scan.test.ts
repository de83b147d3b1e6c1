/**
 * The personal-data scan every test file's logs go through (support/log-scan.ts) finds what it is
 * for, and sees the lines apps built by the tests write.
 */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@qgw/contracts';
import { newUser, post } from './support/api.js';
import { logScan, rememberSecrets, scanLine } from './support/log-scan.js';
import { createTestApp } from './support/test-app.js';

describe('the log scan', () => {
  it('finds mobiles, ID numbers, tokens, password hashes and the passwords tests sent', () => {
    const before = logScan.findings.length;
    rememberSecrets({ password: 'a-secret-the-test-sent' });
    const lines = [
      '{"msg":"x","m":"13812345678"}',
      '{"msg":"x","id":"11010119900101123X"}',
      '{"msg":"x","t":"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ"}',
      '{"msg":"x","h":"$argon2id$v=19$m=19456"}',
      '{"msg":"x","p":"pw-0123456789ab-青工"}',
      '{"msg":"x","p":"a-secret-the-test-sent"}',
    ];
    for (const l of lines) scanLine(l);
    const found = logScan.findings.splice(before);
    expect(found).toHaveLength(lines.length);
    scanLine('{"level":30,"msg":"request completed","reqId":"req-1","res":{"statusCode":200},"responseTime":1.2}');
    expect(logScan.findings).toHaveLength(before);
  });

  it('does not take a number that happens to hold a sent mobile for that mobile', () => {
    const before = logScan.findings.length;
    rememberSecrets({ mobile: '13800000000' });
    scanLine('{"level":30,"msg":"request completed","responseTime":0.12138000000004467}');
    expect(logScan.findings).toHaveLength(before);
    scanLine('{"level":30,"msg":"x","m":"13800000000"}');
    expect(logScan.findings.splice(before).length).toBeGreaterThan(0);
  });

  it('reads what an app built by the tests logs, at debug', async () => {
    const t = await createTestApp();
    try {
      const before = logScan.lines;
      const u = await newUser(t.app);
      await post(t.app, apiPaths.login, { mobile: u.mobile, password: 'wrong-password-123' });
      expect(logScan.lines - before).toBeGreaterThan(4);
    } finally {
      await t.close();
    }
  });
});
