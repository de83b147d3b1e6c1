import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ConsoleReviewDraftSaveRequest } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { reviewOps } from '../api/operations.js';

/** A pause in typing this long saves the draft. */
export const DRAFT_SAVE_DELAY_MS = 1500;

export type DraftBody = Omit<ConsoleReviewDraftSaveRequest, 'applicationId'>;
export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves the score sheet's draft on the server once typing pauses. `snapshot` is everything typed
 * (as text, so an unusable score counts as a change too); `body` what a save sends. A change is
 * unsaved from the key press until the server has it: the leave guard still asks meanwhile.
 */
export function useDraftAutosave(applicationId: string, snapshot: string, body: () => DraftBody, restoredAt: string | null) {
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot);
  const [status, setStatus] = useState<DraftStatus>(restoredAt ? 'saved' : 'idle');
  const [savedAt, setSavedAt] = useState<string | null>(restoredAt);
  // bumped to try again after a submission that did not go through
  const [retry, setRetry] = useState(0);
  const bodyRef = useRef(body);
  useLayoutEffect(() => {
    bodyRef.current = body;
  });
  const inFlight = useRef<Promise<unknown> | null>(null);
  // while the review itself is being submitted no draft is saved: it would outlive the review
  const held = useRef(false);

  useEffect(() => {
    if (snapshot === savedSnapshot) return;
    const timer = window.setTimeout(() => {
      if (held.current) return;
      setStatus('saving');
      inFlight.current = call(reviewOps.saveDraft, { applicationId, ...bodyRef.current() })
        .then((res) => {
          setSavedSnapshot(snapshot);
          setSavedAt(res.savedAt);
          setStatus('saved');
        })
        .catch(() => setStatus('failed'));
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [applicationId, snapshot, savedSnapshot, retry]);

  /** Before submitting: no more saves, and the one on its way has landed. */
  const hold = useCallback(async () => {
    held.current = true;
    await inFlight.current;
  }, []);

  /** After submitting: accepted, the server deleted the draft and the sheet is saved as it stands; refused, saving resumes. */
  const release = useCallback((accepted: { snapshot: string } | null) => {
    held.current = false;
    if (accepted) {
      setSavedSnapshot(accepted.snapshot);
      setSavedAt(null);
      setStatus('idle');
    } else setRetry((n) => n + 1);
  }, []);

  return { unsaved: snapshot !== savedSnapshot, status, savedAt, hold, release };
}
