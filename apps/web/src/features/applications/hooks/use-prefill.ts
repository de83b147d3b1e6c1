import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import type { ApplicationKind, PrefillFields } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { applicationOps } from '../api/operations.js';
import type { DraftAutosave } from './use-draft-autosave.js';

/**
 * A new application does not start blank: the person's details (name, ID number, employer, region,
 * their mobile …) are filled into the fields still empty, editable; and their last sent application
 * of the kind is offered (沿用上次填写的内容), taken over only when they accept it.
 */

/** Per kind, in this visit: the details were filled in, and the offer was answered. */
const useStarts = create<{ filled: Record<string, boolean>; answered: Record<string, boolean>; mark(kind: string, what: 'filled' | 'answered'): void }>()(
  (set) => ({
    filled: {},
    answered: {},
    mark: (kind, what) => set((s) => ({ [what]: { ...s[what], [kind]: true } })),
  }),
);

/** Another account, or a new test: every kind starts afresh (filled in again, offered again). */
export function forgetStartingAnswers(): void {
  useStarts.setState({ filled: {}, answered: {} });
}

export const prefillKey = (kind: ApplicationKind) => ['applications', 'prefill', kind] as const;

export interface StartingOffer {
  /** when the last application was sent (YYYY-MM-DD), or null */
  sentOn: string | null;
  accept(): void;
  decline(): void;
}

export interface StartingAnswers {
  /** some fields were filled in from the account and earlier applications */
  filled: boolean;
  /** the last application's answers, waiting for the person's yes or no */
  offer: StartingOffer | null;
  /** the details could not be read (offline, too many requests): what happened, and 重试 */
  failure: { message: string; retry(): void } | null;
  /**
   * the details are still being read or filled in: a form shows its loading state meanwhile, so
   * that the offer and the filled-in fields come with it instead of pushing it down afterwards
   */
  pending: boolean;
}

export interface StartingOptions<T> {
  kind: ApplicationKind;
  draft: DraftAutosave<T & Record<string, unknown>>;
  /** false: an application being corrected, or one that starts from other answers */
  enabled: boolean;
  /** the form's fields from the person's details (which of them it asks, under which names) */
  fieldsOf(fields: PrefillFields): Partial<T>;
}

/** For forms that ask the person's own details under their own names (ZPersonalInfo). */
export const personalFieldsOf = <T>(fields: PrefillFields): Partial<T> => ({ ...fields }) as Partial<T>;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

export function useStartingAnswers<T extends Record<string, unknown>>({ kind, draft, enabled, fieldsOf }: StartingOptions<T>): StartingAnswers {
  const loggedIn = useSession(isLoggedIn);
  // a draft picked up again was started before: it is not started again
  const fresh = enabled && loggedIn && draft.ready && !draft.resumed;
  const prefill = useQuery({
    queryKey: prefillKey(kind),
    queryFn: () => call(applicationOps.prefill, { kind }, { onUnauthorized: 'throw' }),
    enabled: fresh,
    staleTime: 0,
  });
  const filled = useStarts((s) => s.filled[kind] === true);
  const answered = useStarts((s) => s.answered[kind] === true);
  const mark = useStarts((s) => s.mark);
  const answer = prefill.data;
  const { reset, set, data } = draft;

  useEffect(() => {
    if (!fresh || filled || !answer) return;
    const patch = Object.fromEntries(
      Object.entries(fieldsOf(answer.fields)).filter(([k, v]) => !isBlank(v) && isBlank(data[k])),
    ) as Partial<T>;
    mark(kind, 'filled');
    // filled in, not yet saved: the draft begins once the person changes something
    if (Object.keys(patch).length > 0) reset({ ...data, ...patch });
  }, [fresh, filled, answer, fieldsOf, data, reset, mark, kind]);

  const previous = answer?.previous;
  const offer: StartingOffer | null =
    fresh && !answered && previous && Object.keys(previous.data).length > 0
      ? {
          sentOn: previous.submittedAt ? previous.submittedAt.slice(0, 10) : null,
          accept: () => {
            mark(kind, 'answered');
            set(previous.data as Partial<T>);
          },
          decline: () => mark(kind, 'answered'),
        }
      : null;
  const failure =
    fresh && !filled && prefill.isError
      ? { message: prefill.error.message, retry: () => void prefill.refetch() }
      : null;
  const pending = fresh && (prefill.isPending || (answer !== undefined && !filled));
  return { filled: fresh && filled, offer, failure, pending };
}
