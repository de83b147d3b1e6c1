import { lazy, Suspense, useCallback, useState } from 'react';
import { accountStrings as t } from '../strings.js';

/** The proof-of-work widget: loaded only when the server asks for a challenge. */
const ChallengeWidget = lazy(() => import('./challenge-widget.js'));

/** The server asked for a challenge (HTTP 428): its message, and what to send again once solved. */
export interface ChallengeRequest {
  /** each request shows a fresh widget */
  round: number;
  message: string;
  retry: (altcha: string) => void;
}

/**
 * One screen's challenge: whichever of its calls the server held back (a login, a code to send, a
 * reset) asks here, and is the one sent again with the solution.
 */
export function useChallenge() {
  const [challenge, setChallenge] = useState<ChallengeRequest | null>(null);
  const ask = useCallback((message: string, retry: (altcha: string) => void) => {
    setChallenge((c) => ({ round: (c?.round ?? 0) + 1, message, retry }));
  }, []);
  return { challenge, ask };
}

/** The server's message and the widget, which solves on its own; solved, the held-back call goes again. */
export function ChallengePrompt({ challenge }: { challenge: ChallengeRequest | null }) {
  if (!challenge) return null;
  return (
    <section className="qgw-auth-challenge" aria-label={t.challengeTitle}>
      <p className="qgw-auth-challenge-hint" role="status">
        {challenge.message}
      </p>
      <Suspense fallback={<p className="qgw-auth-challenge-hint">{t.challengeLoading}</p>}>
        <ChallengeWidget key={challenge.round} onSolved={challenge.retry} />
      </Suspense>
    </section>
  );
}
