import { useState, useSyncExternalStore } from 'react';

/**
 * The admin's selection in the queue, tied to the filters and order it was made under: once they
 * change, the rows it named may be hidden, and an action on them would reach applications the
 * admin no longer sees; so a selection made under other filters is no selection.
 */
export interface QueueSelection {
  ids: ReadonlySet<string>;
  /** everything the filter matched was selected (consoleQueueIds): how many, and whether capped */
  matching: { total: number; capped: boolean } | null;
}

const empty = (key: string) => ({ key, ids: new Set<string>() as ReadonlySet<string>, matching: null });

export function useQueueSelection(filtersKey: string) {
  const [state, setState] = useState<QueueSelection & { key: string }>(() => empty(filtersKey));
  const current = state.key === filtersKey ? state : empty(filtersKey);
  const update = (ids: ReadonlySet<string>, matching: QueueSelection['matching'] = null) => setState({ key: filtersKey, ids, matching });
  return {
    ids: current.ids,
    matching: current.matching,
    toggle(id: string, on: boolean) {
      const next = new Set(current.ids);
      if (on) next.add(id);
      else next.delete(id);
      update(next);
    },
    /** the header checkbox: every visible row on, or off */
    setAll(ids: readonly string[], on: boolean) {
      const next = new Set(current.ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      update(next);
    },
    selectMatching(ids: readonly string[], total: number, capped: boolean) {
      update(new Set(ids), { total, capped });
    },
    clear() {
      update(new Set());
    },
  };
}

const DESK = '(min-width: 1024px)';
const subscribe = (change: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DESK);
  media.addEventListener('change', change);
  return () => media.removeEventListener('change', change);
};

/** A desk-sized window (1024 px wide or more): the admin's queue is a table there, cards on a phone. */
export function useIsDesk(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(DESK).matches,
    () => false,
  );
}
