import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { type ApplicationKind, storageKeys } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { getString } from '../../../lib/storage.js';
import { applicationOps } from '../api/operations.js';
import { forgetStartingAnswers } from './use-prefill.js';
import { forgetAllHandedOverFieldErrors } from '../form-check.js';
import { useSession } from '../../../stores/session.js';

/**
 * Server-side drafts. The form's data lives here (keyed by kind and application id) rather than in
 * one screen, so that the steps of a multi-screen form share it and a change on any step is saved a
 * moment after the user stops typing. Opening the form on another device resumes the saved draft.
 */

export const AUTOSAVE_DELAY_MS = 1200;

export interface DraftEntry {
  /** the draft has been asked for (or there is nothing to ask for) */
  ready: boolean;
  data: Record<string, unknown>;
  /** the server's id of the draft, once it has one */
  draftId: string | undefined;
  savedAt: string | null;
  saving: boolean;
  failed: boolean;
  /** the data came from a draft saved earlier (maybe on another device) */
  resumed: boolean;
  /** changed since the last save */
  dirty: boolean;
}

const blank = (): DraftEntry => ({
  ready: false,
  data: {},
  draftId: undefined,
  savedAt: null,
  saving: false,
  failed: false,
  resumed: false,
  dirty: false,
});

interface DraftStore {
  entries: Record<string, DraftEntry>;
  patch(key: string, patch: Partial<DraftEntry>): void;
  drop(key: string): void;
}

export const useDraftStore = create<DraftStore>()((set) => ({
  entries: {},
  patch: (key, patch) => set((s) => ({ entries: { ...s.entries, [key]: { ...(s.entries[key] ?? blank()), ...patch } } })),
  drop: (key) =>
    set((s) => {
      const entries = { ...s.entries };
      delete entries[key];
      return { entries };
    }),
}));

const keyOf = (kind: ApplicationKind, id?: string) => `${kind}:${id ?? ''}`;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const inFlight = new Map<string, Promise<void>>();
const loading = new Set<string>();
/** per key: whether saving to the server is on (off e.g. while the user is signed out) */
const autosaving = new Map<string, { kind: ApplicationKind; enabled: boolean }>();

const entryOf = (key: string): DraftEntry => useDraftStore.getState().entries[key] ?? blank();

async function saveNow(key: string): Promise<void> {
  const meta = autosaving.get(key);
  if (!meta?.enabled) return;
  const previous = inFlight.get(key);
  if (previous) await previous.catch(() => undefined);
  const entry = entryOf(key);
  if (!entry.dirty) return;
  const { patch } = useDraftStore.getState();
  patch(key, { saving: true, dirty: false });
  const run = call(
    applicationOps.saveDraft,
    // a field taken out (a removed photo) is sent as null, which the server clears
    { kind: meta.kind, id: entry.draftId, data: Object.fromEntries(Object.entries(entry.data).map(([k, v]) => [k, v ?? null])) },
    // a draft save never interrupts the user: a dead session is dealt with when they act
    { onUnauthorized: 'throw' },
  )
    .then((answer) => patch(key, { saving: false, failed: false, draftId: answer.id, savedAt: answer.savedAt }))
    .catch(() => patch(key, { saving: false, failed: true, dirty: true }));
  inFlight.set(key, run);
  await run;
  if (inFlight.get(key) === run) inFlight.delete(key);
}

function schedule(key: string, delay: number): void {
  const t = timers.get(key);
  if (t) clearTimeout(t);
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      void saveNow(key);
    }, delay),
  );
}

/** Saves every changed draft at once (the page is being hidden or closed). */
export function flushAllDrafts(): Promise<void> {
  const keys = [...timers.keys()];
  for (const key of keys) {
    clearTimeout(timers.get(key));
    timers.delete(key);
  }
  return Promise.all(Object.keys(useDraftStore.getState().entries).map((k) => saveNow(k))).then(() => undefined);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushAllDrafts();
  });
}

export interface DraftAutosave<T extends Record<string, unknown>> extends Omit<DraftEntry, 'data'> {
  data: Partial<T>;
  /** changes some fields and saves a moment later */
  set(patch: Partial<T>): void;
  /** replaces the whole form (e.g. prefilled from a returned application); saved only when `save` */
  reset(data: Partial<T>, options?: { save?: boolean }): void;
  /** saves now if anything changed; resolves when the server has it */
  flush(): Promise<void>;
  /** forgets the draft here (after it was submitted) */
  discard(): void;
}

export interface DraftOptions {
  /** false: keep the form in memory only (nothing fetched, nothing saved) */
  enabled?: boolean;
  /** true: not yet known which draft this is (e.g. waiting for the application); do nothing yet */
  wait?: boolean;
  delayMs?: number;
}

export function useDraftAutosave<T extends Record<string, unknown>>(
  kind: ApplicationKind,
  id?: string,
  { enabled = true, wait = false, delayMs = AUTOSAVE_DELAY_MS }: DraftOptions = {},
): DraftAutosave<T> {
  const key = keyOf(kind, id);
  const entry = useDraftStore((s) => s.entries[key]) ?? blank();
  const { patch, drop } = useDraftStore.getState();
  autosaving.set(key, { kind, enabled });

  useEffect(() => {
    if (wait || entryOf(key).ready || loading.has(key)) return;
    if (!enabled) {
      patch(key, { ready: true });
      return;
    }
    loading.add(key);
    call(applicationOps.getDraft, { kind, id }, { onUnauthorized: 'throw' })
      .then((draft) => {
        const current = entryOf(key);
        // edits made while the draft was on its way win over the saved copy
        const data = draft ? { ...draft.data, ...current.data } : current.data;
        patch(key, {
          ready: true,
          data,
          draftId: draft?.id ?? current.draftId,
          savedAt: draft?.savedAt ?? current.savedAt,
          resumed: Boolean(draft && Object.keys(draft.data).length > 0),
        });
      })
      .catch((error: unknown) => {
        // no draft to resume is not worth interrupting the user for; the form starts empty
        console.warn('draft not loaded', error instanceof Error ? error.name : 'error');
        patch(key, { ready: true });
      })
      .finally(() => loading.delete(key));
  }, [key, kind, id, enabled, wait, patch]);

  const set = useCallback(
    (changes: Partial<T>) => {
      patch(key, { data: { ...entryOf(key).data, ...changes }, dirty: true });
      if (autosaving.get(key)?.enabled) schedule(key, delayMs);
    },
    [key, delayMs, patch],
  );

  const reset = useCallback(
    (data: Partial<T>, options: { save?: boolean } = {}) => {
      patch(key, { data: { ...data }, dirty: Boolean(options.save), ready: true });
      if (options.save && autosaving.get(key)?.enabled) schedule(key, delayMs);
    },
    [key, delayMs, patch],
  );

  const flush = useCallback(async () => {
    const t = timers.get(key);
    if (t) {
      clearTimeout(t);
      timers.delete(key);
    }
    await saveNow(key);
  }, [key]);

  const discard = useCallback(() => {
    const t = timers.get(key);
    if (t) clearTimeout(t);
    timers.delete(key);
    drop(key);
  }, [key, drop]);

  return { ...entry, data: entry.data as Partial<T>, set, reset, flush, discard };
}

/** Forgets every draft held in memory (another account signed in). */
export function forgetDrafts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  useDraftStore.setState({ entries: {} });
  // what was filled in, answered and found wrong belonged to those drafts
  forgetStartingAnswers();
  forgetAllHandedOverFieldErrors();
}

// Another account's drafts must never show: they are forgotten when a different account signs in.
// A session that only died (a 401) or was handed a new token (password or phone change) keeps them,
// so that what the user typed is still there once they sign in again; until then no form shows.
let draftsOwner = getString(storageKeys.uid);
useSession.subscribe(() => {
  const uid = getString(storageKeys.uid);
  if (!uid || uid === draftsOwner) return;
  if (draftsOwner) forgetDrafts();
  draftsOwner = uid;
});
