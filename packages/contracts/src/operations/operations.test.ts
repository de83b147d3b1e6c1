import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiPaths } from '../api-paths.js';
import { accessLevels, nonJsonRoutes, operationDomains, operationList, operations, routeKey } from './index.js';

const list = operationList();

describe('the operation catalogue', () => {
  it('names are unique across the domains (no domain hides another’s operation)', () => {
    const names = Object.values(operationDomains).flatMap((d) => Object.keys(d));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(operations).sort()).toEqual([...names].sort());
  });

  it('each (method, path) is one operation, and none is also a non-JSON route', () => {
    const keys = list.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const nonJson = nonJsonRoutes.map(routeKey);
    expect(nonJson.filter((k, i) => nonJson.indexOf(k) !== i)).toEqual([]);
    expect(keys.filter((k) => nonJson.includes(k))).toEqual([]);
  });

  it('every apiPaths value is used by an operation or a non-JSON route, and only by one of them', () => {
    const opPaths = new Set<string>(list.map((o) => o.path));
    const nonJsonUses = (path: string) =>
      nonJsonRoutes.some((r) => r.path === path || r.path.startsWith(`${path}/:`) || (r.subtree && path.startsWith(`${r.path}/`)));
    const unused = Object.entries(apiPaths).filter(([, p]) => !opPaths.has(p) && !nonJsonUses(p)).map(([n]) => n);
    expect(unused).toEqual([]);
    const both = Object.entries(apiPaths).filter(([, p]) => opPaths.has(p) && nonJsonUses(p)).map(([n]) => n);
    expect(both).toEqual([]);
    // a path shared by two operations is a GET read and a POST write of the same thing
    const shared = Object.entries(apiPaths).filter(([, p]) => list.filter((o) => o.path === p).length > 1);
    for (const [name, p] of shared) expect(list.filter((o) => o.path === p).map((o) => o.method).sort(), name).toEqual(['GET', 'POST']);
  });

  it('every operation has schemas, a known access level and a summary; paths are apiPaths values', () => {
    const paths = new Set<string>(Object.values(apiPaths));
    for (const op of list) {
      expect(op.request, op.name).toBeInstanceOf(z.ZodType);
      expect(op.response, op.name).toBeInstanceOf(z.ZodType);
      expect(accessLevels, op.name).toContain(op.access);
      expect(['GET', 'POST'], op.name).toContain(op.method);
      expect(paths.has(op.path), op.name).toBe(true);
      expect(op.summary.trim().length, op.name).toBeGreaterThan(1);
    }
  });

  it('a GET takes its input from the query string: flat fields only', () => {
    for (const op of list.filter((o) => o.method === 'GET')) {
      expect(op.request, op.name).toBeInstanceOf(z.ZodObject);
    }
  });

  it('every non-JSON route says why', () => {
    for (const r of nonJsonRoutes) expect(r.reason.length, routeKey(r)).toBeGreaterThan(10);
  });

  it('console paths are never public nor a plain session', () => {
    const loose = list.filter((o) => o.path.startsWith('/v1/console/') && (o.access === 'public' || o.access === 'session'));
    expect(loose.map((o) => o.name)).toEqual([]);
    const contentAdmin = list.filter((o) => o.path.startsWith('/v1/content/admin/') && o.access !== 'admin');
    expect(contentAdmin.map((o) => o.name)).toEqual([]);
  });
});
