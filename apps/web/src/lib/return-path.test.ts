import { describe, expect, test } from 'vitest';
import { safeReturnPath } from './navigation.js';

describe('where a login may return to', () => {
  test('an in-app screen or console page, with its query', () => {
    for (const ok of ['/console', '/console/review/app-1', '/pages/cxb2024/personApply', '/pages/apply/updateWork?id=w1&x=2']) {
      expect(safeReturnPath(ok)).toBe(ok);
    }
  });

  test('never another site, a protocol, a path trick or a control character', () => {
    for (const bad of [
      null, '', 'https://evil.example/', '//evil.example/pages/x', '/\\evil.example', 'javascript:alert(1)', '/pages/../console',
      '/pages:x', '/elsewhere', 'pages/home/index', '/console\n/x', `/pages/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
