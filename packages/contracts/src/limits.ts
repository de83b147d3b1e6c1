/** Every limit the browser and the server both enforce lives here, once. */
export const limits = {
  password: { min: 8, max: 128 },
  nickname: { max: 20 },
  /** mainland China mobile numbers */
  mobilePattern: /^1[3-9]\d{9}$/,
  wechat: { codeMax: 256, stateMax: 128 },
  avatar: {
    maxBytes: 2 * 1024 * 1024,
    /** checked by magic bytes on the server, by type on the client before upload */
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  },
  /** photos, work images, business licences (multipart) */
  image: {
    maxBytes: 5 * 1024 * 1024,
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
    hint: '支持 JPG/PNG/WebP，单张不超过 5MB',
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

/** Login throttling, in the range Discourse and GitLab use (docs/security.md). */
export const loginPolicy = {
  /** failed attempts per account before it is locked for lockMs */
  maxFailuresPerAccount: 10,
  lockMs: 15 * 60 * 1000,
  /** login requests per IP per minute */
  perIpPerMinute: 20,
  /** registrations per IP per hour */
  registerPerIpPerHour: 10,
} as const;

/** Spec §9 constants. */
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
