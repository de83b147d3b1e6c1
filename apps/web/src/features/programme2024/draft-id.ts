import type { ApplicationKind } from '@qgw/contracts';
import { useDraftStore } from '../applications/index.js';

/**
 * The server's id of the new-application draft of a kind, read after a flush (the hook's snapshot
 * from the last render may predate the first save). Submitting with it promotes that draft instead
 * of leaving it behind.
 */
export function draftIdOf(kind: ApplicationKind, id?: string): string | undefined {
  return useDraftStore.getState().entries[`${kind}:${id ?? ''}`]?.draftId;
}
