/**
 * The browser shrinks a picked image before sending it, to at most this size and this longest
 * side: a phone photo of 8–12 MB arrives as ~1–2 MB, enough for a reviewer's screen. (A module of its
 * own: the first screens load `limits` and must not carry this.)
 */
export const imageShrink = {
  targetBytes: 2 * 1024 * 1024,
  maxSide: 2560,
  /** the largest picture the browser takes to shrink (a 108-megapixel phone photo is ~30 MB) */
  pickMaxBytes: 40 * 1024 * 1024,
} as const;
