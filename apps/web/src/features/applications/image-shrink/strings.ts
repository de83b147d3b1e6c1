import { imageShrink, limits } from '@qgw/contracts';

/**
 * Texts of the image shrinking before upload, apart from ../strings.ts (which the home screen
 * loads) so that only the upload control carries them.
 */

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const imageShrinkStrings = {
  tooLarge: `图片不能超过 ${mb(imageShrink.pickMaxBytes)}`,
  stillTooLarge: `图片压缩后仍超过 ${mb(limits.image.maxBytes)}，请换一张`,
  compressing: '压缩中',
} as const;
