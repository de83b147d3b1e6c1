import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginPolicy, sessionPolicy } from '@qgw/contracts';
import { ConfigError, loadConfig, repoRoot } from '../src/config.js';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve(repoRoot, 'data'),
      sqliteFile: resolve(repoRoot, 'data', 'app.db'),
      uploadsDir: resolve(repoRoot, 'data', 'uploads'),
      webDist: resolve(repoRoot, 'apps/web/dist'),
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      session: { idleMs: sessionPolicy.idleMs, absoluteMs: sessionPolicy.absoluteMs },
      login: { ...loginPolicy },
      wechat: { configured: false, oauthBase: 'https://open.weixin.qq.com', apiBase: 'https://api.weixin.qq.com', timeoutMs: 5000 },
    });
  });

  it('reads every variable, resolving relative paths from where the command started', () => {
    const c = loadConfig({
      INIT_CWD: '/srv/qgw',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: 'var/data',
      WEB_DIST: '/opt/web',
      DATABASE_URL: 'postgres://u@db/qgw',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_BASE_URL: 'https://qgw.example.org/',
      WECHAT_APPID: 'wx1',
      WECHAT_SECRET: 's1',
      WECHAT_API_BASE: 'http://127.0.0.1:9/',
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES: '5',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/qgw/var/data',
      webDist: '/opt/web',
      databaseUrl: 'postgres://u@db/qgw',
      redisUrl: 'redis://cache:6379',
      publicBaseUrl: 'https://qgw.example.org',
      trustProxy: 1,
      wechat: { appid: 'wx1', secret: 's1', configured: true, apiBase: 'http://127.0.0.1:9' },
      login: { maxFailuresPerAccount: 5 },
    });
  });

  it('turns demo data off in production and on request', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('treats empty variables as unset and needs both WeChat values', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
    expect(loadConfig({ WECHAT_APPID: 'wx1' }).wechat.configured).toBe(false);
  });

  it('sizes the PostgreSQL pool at twice the cores (at least 4) unless DATABASE_POOL_MAX says', () => {
    expect(loadConfig({}).databasePoolMax).toBe(Math.max(4, 2 * availableParallelism()));
    expect(loadConfig({ DATABASE_POOL_MAX: '' }).databasePoolMax).toBe(Math.max(4, 2 * availableParallelism()));
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
  });

  it('refuses invalid values with a message naming the variable', () => {
    for (const env of [
      { PORT: 'abc' }, { PORT: '70000' }, { DATABASE_URL: 'mysql://x' }, { SEED_DEMO: 'maybe' }, { PUBLIC_BASE_URL: 'ftp://x' },
      { DATABASE_POOL_MAX: '0' }, { DATABASE_POOL_MAX: '2.5' }, { DATABASE_POOL_MAX: 'many' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(Object.keys(env)[0]);
    }
  });
});
