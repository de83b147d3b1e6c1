/** Every limit the browser and the server both enforce lives here, once. */
export const limits = {
  password: { min: 8, max: 128 },
  nickname: { max: 20 },
  /** mainland China mobile numbers */
  mobilePattern: /^1[3-9]\d{9}$/,
  wechat: { codeMax: 256, stateMax: 128, pageUrlMax: 1024 },
  avatar: {
    maxBytes: 2 * 1024 * 1024,
    /** checked by magic bytes on the server, by type on the client before upload */
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  },
  /** photos, work images, business licences (multipart) */
  image: {
    /** the most the server stores (the browser shrinks a picked image first: image-shrink.ts) */
    maxBytes: 5 * 1024 * 1024,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
    hint: '支持 JPG/PNG/WebP，大图自动压缩',
  },
  /** application videos (tus, resumable) */
  video: {
    maxBytes: 300 * 1024 * 1024,
    mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm'] as const,
    hint: '支持 MP4/MOV/WebM，不超过 300MB',
    /** tus chunk size the client sends */
    chunkBytes: 5 * 1024 * 1024,
  },
  work: { maxPhotos: 9, maxTeam: 10 },
} as const;

/** Session lifetimes (documented in docs/security.md). */
export const sessionPolicy = {
  /** a session unused this long is dead */
  idleMs: 14 * 24 * 60 * 60 * 1000,
  /** a session is dead this long after login whatever its use */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Login and registration throttling (docs/security.md, decision 0021). Per-address limits are a
 * backstop against floods, not the gate: behind carrier NAT many people share one address. The
 * per-account counts carry the weight against guessing, and past them an account asks for a
 * proof-of-work challenge instead of locking its owner out.
 */
export const loginPolicy = {
  /** wrong passwords per account (and per account and address) before logins to it need a challenge */
  maxFailuresPerAccount: 10,
  /** the window failures are counted in; an account asks for challenges until it passes without a new failure */
  lockMs: 15 * 60 * 1000,
  /**
   * the wait before a password check from an address that already failed on an account past the
   * limit: the base, doubled per earlier attempt from that address, never more than the maximum
   */
  failureDelayBaseMs: 250,
  failureDelayMaxMs: 5000,
  /** login requests per IP per minute: a flood backstop (HTTP 429) */
  perIpPerMinute: 300,
  /** login requests per IP per minute past which each one needs a solved challenge */
  challengePerIpPerMinute: 60,
  /** registrations per IP per hour: a flood backstop (HTTP 429) */
  registerPerIpPerHour: 1000,
} as const;

/** Proof-of-work challenges (ALTCHA, PBKDF2/SHA-256): a solution takes about counter × cost iterations. */
export const challengePolicy = {
  /** PBKDF2 iterations per counter value tried */
  cost: 1000,
  /** the counter to find is drawn from [counterMin, counterMax] */
  counterMin: 2000,
  counterMax: 8000,
  /** a challenge must be solved and used within this */
  ttlMs: 10 * 60 * 1000,
  /** the longest solution (base64 JSON) accepted */
  payloadMaxChars: 4096,
} as const;

/**
 * SMS verification codes (docs/security.md "SMS verification codes"). The server's own values can be
 * tuned through its environment; the browser reads the resend wait from each send's answer.
 */
export const smsPolicy = {
  /** digits per code */
  codeLength: 6,
  /** a code is valid this long after it was sent */
  ttlMs: 5 * 60 * 1000,
  /** one send per mobile and purpose this often */
  resendMs: 60 * 1000,
  /** wrong tries a code takes before it is dead */
  maxAttempts: 5,
  /** codes per mobile in any 24 hours */
  perMobilePerDay: 10,
  /** sends per IP per hour: a backstop against floods, not the gate — carrier NAT puts thousands
   *  behind one address, and every registration there needs a code (and sometimes a resend) */
  sendPerIpPerHour: 2000,
} as const;

/** The seed's constants (docs/requirements.md#constants). */
export const appConstants = {
  designWidth: 750,
  chunkLoadTimeoutMs: 120_000,
  fingerprintFallbackDelayMs: 500,
  fingerprintSeed: 31,
  backAfterLoginMs: 1000,
  backAfterPasswordChangeMs: 1000,
  fixedRequestFields: { platform: 'wap', rent_mode: 2 },
  initialMemberApplyStatus: '111',
  initialApplyPersonInfo: '111',
  windowTitle: '青工委服务平台',
} as const;

/** Closing an account (account-rights.ts, docs/security.md "Data export and account closing"). */
export const accountClosingPolicy = {
  /** days between closing and the erasure of the account's personal data; signing in meanwhile offers to cancel */
  graceDays: 15,
} as const;
