import { z } from 'zod';
import { contentLimits } from './content.js';

/**
 * POST contentAdminPreview (admin): the article body as the server would store it, without storing
 * anything, so that the console's editor can show the sanitised result while the admin types.
 */
export const ZContentPreviewRequest = z.object({
  body: z.string().max(contentLimits.body.max, { error: '正文过长' }),
});
export type ContentPreviewRequest = z.infer<typeof ZContentPreviewRequest>;
export const ZContentPreviewResponse = z.object({ body: z.string() });
export type ContentPreviewResponse = z.infer<typeof ZContentPreviewResponse>;
