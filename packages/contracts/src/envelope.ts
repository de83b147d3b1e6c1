import { z } from 'zod';

/**
 * The answer envelope of every /v1 call (docs/requirements.md#envelope):
 * success → `message` carries the data; failure → `message` is a Chinese sentence for a toast.
 */
export const ZFailure = z.object({
  success: z.literal(false),
  code: z.number().int(),
  message: z.string(),
  /** present on 5xx: quote it to support; never a stack */
  errorId: z.string().optional(),
});
export type Failure = z.infer<typeof ZFailure>;

export const ZSuccessOf = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), code: z.number().int(), message: data });

export const ZEnvelopeOf = <T extends z.ZodTypeAny>(data: T) =>
  z.discriminatedUnion('success', [ZSuccessOf(data), ZFailure]);

export type Success<T> = { success: true; code: number; message: T };
export type Envelope<T> = Success<T> | Failure;

/** Fields the seed client adds to every payload; the server accepts and ignores them. */
export const ZClientFixedFields = z.object({
  platform: z.string().optional(),
  rent_mode: z.union([z.number(), z.string()]).optional(),
});
