import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZConsoleMfaVerifyRequest, ZRecoveryCode, ZTotpCode } from './console-access.js';
import { ZConsoleAuditRequest, ZConsoleUserRolesRequest } from './console-admin.js';
import { ZConsoleProgrammeUpdateRequest, ZConsoleRubricsUpdateRequest } from './console-programme.js';

describe('console access schemas', () => {
  it('TOTP codes are six digits, spaces around ignored', () => {
    expect(ZTotpCode.parse(' 012345 ')).toBe('012345');
    for (const bad of ['12345', '1234567', 'abcdef', '12 345', '']) expect(ZTotpCode.safeParse(bad).success).toBe(false);
  });

  it('recovery codes ignore case, spaces and dashes', () => {
    expect(ZRecoveryCode.parse('abcd-efgh-ijkl-mn23')).toBe('ABCDEFGHIJKLMN23');
    expect(ZRecoveryCode.parse(' ABCD EFGH IJKL MN23 ')).toBe('ABCDEFGHIJKLMN23');
    for (const bad of ['ABCD-EFGH-IJKL-MN2', 'ABCD-EFGH-IJKL-MN01', '']) expect(ZRecoveryCode.safeParse(bad).success).toBe(false);
  });

  it('verification takes exactly one of code and recoveryCode', () => {
    expect(ZConsoleMfaVerifyRequest.safeParse({ code: '123456' }).success).toBe(true);
    expect(ZConsoleMfaVerifyRequest.safeParse({ recoveryCode: 'ABCD-EFGH-IJKL-MN23' }).success).toBe(true);
    expect(ZConsoleMfaVerifyRequest.safeParse({}).success).toBe(false);
    expect(ZConsoleMfaVerifyRequest.safeParse({ code: '123456', recoveryCode: 'ABCD-EFGH-IJKL-MN23' }).success).toBe(false);
  });

  it('role lists are non-empty and without repeats', () => {
    expect(ZConsoleUserRolesRequest.safeParse({ userId: 'u', roles: ['reviewer'] }).success).toBe(true);
    expect(ZConsoleUserRolesRequest.safeParse({ userId: 'u', roles: [] }).success).toBe(false);
    expect(ZConsoleUserRolesRequest.safeParse({ userId: 'u', roles: ['admin', 'admin'] }).success).toBe(false);
  });

  it('rubric weights must sum to exactly 100', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 20 }), (weights) => {
        const criteria = weights.map((weight, i) => ({ name: `项${i}`, weight, maxScore: 10 }));
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(ZConsoleRubricsUpdateRequest.safeParse({ kind: 'work', criteria }).success).toBe(sum === 100);
      }),
    );
  });

  it('programme changes need at least one field and instants with an offset', () => {
    expect(ZConsoleProgrammeUpdateRequest.safeParse({}).success).toBe(false);
    expect(ZConsoleProgrammeUpdateRequest.safeParse({ opensAt: '2024-05-01T00:00:00+08:00' }).success).toBe(true);
    expect(ZConsoleProgrammeUpdateRequest.safeParse({ opensAt: '2024-05-01' }).success).toBe(false);
    expect(ZConsoleProgrammeUpdateRequest.safeParse({ phaseOverride: null }).success).toBe(true);
  });

  it('audit queries bound the page size', () => {
    expect(ZConsoleAuditRequest.parse({ limit: '50' }).limit).toBe(50);
    expect(ZConsoleAuditRequest.safeParse({ limit: '101' }).success).toBe(false);
  });
});
