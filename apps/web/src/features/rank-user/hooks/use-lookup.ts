import { useState } from 'react';
import { lookUpRankUser, openPersonalInfo } from '../lookup.js';

/** The look-up as a button action: held while it runs so that a double tap sends one request. */
export function useRankUserLookup() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (pending) return;
    setPending(true);
    try {
      return await lookUpRankUser();
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}

/** The single fetch (type info) as a button action. */
export function useOpenPersonalInfo() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (pending) return;
    setPending(true);
    try {
      return await openPersonalInfo();
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
