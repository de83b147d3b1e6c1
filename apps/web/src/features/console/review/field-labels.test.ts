import { describe, expect, test } from 'vitest';
import { ZCompanyForm, ZMemberForm, ZPersonForm, ZRankUserForm, ZWorkForm } from '@qgw/contracts';
import { reviewStrings as t } from './strings.js';

describe('the console names every form field in Chinese', () => {
  test.each([
    ['rank_user', ZRankUserForm],
    ['membership', ZMemberForm],
    ['person', ZPersonForm],
    ['work', ZWorkForm],
    ['company', ZCompanyForm],
  ] as const)('%s: no field key reaches the detail page raw', (_kind, schema) => {
    const unnamed = Object.keys(schema.shape).filter((k) => !t.fieldLabels[k]);
    expect(unnamed).toEqual([]);
  });
});
