/**
 * Where the browser suite's stack listens. Read by playwright.config.ts, by the stack launcher and by
 * the tests, so that all three agree without passing anything around.
 */
const basePort = Number(process.env.E2E_PORT ?? 4173);

export const stack = {
  /** the app with WeChat configured (backed by the WeChat double) */
  port: basePort,
  /** the same app with WeChat not configured, the embedded default */
  plainPort: basePort + 1,
  /** the WeChat authorize front and the double's control endpoint */
  wechatPort: basePort + 2,
} as const;

const origin = (port: number) => `http://127.0.0.1:${port}`;

export const urls = {
  app: origin(stack.port),
  plainApp: origin(stack.plainPort),
  wechat: origin(stack.wechatPort),
} as const;

/** WeChat's token exchange is answered slowly on purpose in one test; keep that wait short. */
export const wechatTimeoutMs = 2_000;
