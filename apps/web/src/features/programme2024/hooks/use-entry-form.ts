import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ApplicationKind, ApplicationStatus, PrefillFields } from '@qgw/contracts';
import { showToast } from '../../../lib/toast.js';
import {
  checkForm,
  type FieldErrors,
  type FormCheck,
  forgetHandedOverFieldErrors,
  handedOverFieldErrors,
  useDraftAutosave,
  useStartingAnswers,
  withoutBlanks,
} from '../../applications/index.js';

/** The application a form changes: a returned one is edited in place, with its version. */
export interface EditTarget {
  id: string;
  version: number;
  data: Record<string, unknown>;
  /** 'draft': continued and submitted as a new entry; 'returned': corrected and sent as an update */
  status: ApplicationStatus;
  /** the reviewer's reason for returning it */
  reason: string | null;
}

export const editTargetOf = (view: EditTarget | null | undefined): EditTarget | null =>
  view ? { id: view.id, version: view.version, data: view.data, status: view.status, reason: view.reason } : null;

export interface EntryFormOptions {
  kind: ApplicationKind;
  /** null: a new application (resumes the server-side draft); otherwise the returned one to change */
  editing: EditTarget | null;
  /** what to say for a field that is absent altogether (an upload not made yet), where the schema only knows its type */
  missing?: Record<string, string>;
  /** the fields in the order the form shows them, so that the toast names the first one on screen */
  order?: readonly string[];
  /** a new application starts from these answers when there is no draft (the entry the person withdrew) */
  prefill?: Record<string, unknown> | null;
  /** otherwise its fields from the person's details, and their last application of the kind is offered */
  fieldsOf?: (fields: PrefillFields) => Record<string, unknown>;
}

const noFields = () => ({});

/** The answers a new application may start from: those of the entry the person withdrew, if any. */
export const withdrawnAnswersOf = (view: { status: ApplicationStatus; data: Record<string, unknown> } | null | undefined) =>
  view?.status === 'withdrawn' ? view.data : null;

/**
 * The state of an application form: its values live in the shared draft store (so the steps of a
 * multi-screen form see one form, and changes are saved to the server a moment after typing); each
 * field's problem from the last check is kept for the field.
 */
export function useEntryForm<T extends Record<string, unknown>>({ kind, editing, missing = {}, order = [], prefill = null, fieldsOf }: EntryFormOptions) {
  // only a draft lives on the server as a draft; a returned application is corrected in memory and resent
  const autosaves = !editing || editing.status === 'draft';
  const draft = useDraftAutosave<T>(kind, editing?.id, { enabled: autosaves });
  // problems found on sending from another step's screen (the preview) start this one's
  const [errors, setErrors] = useState<FieldErrors>(() => handedOverFieldErrors(kind));
  useEffect(() => forgetHandedOverFieldErrors(kind), [kind]);
  const { ready, data, reset } = draft;
  const empty = Object.keys(data).length === 0;

  // a returned application opens with its own content unless a newer draft of it was saved
  useEffect(() => {
    if (editing && ready && empty) reset(editing.data as Partial<T>);
  }, [editing, ready, empty, reset]);
  // after a withdrawal the form is not blank: it starts from what was sent, saved as the new draft
  useEffect(() => {
    if (!editing && prefill && ready && empty) reset(prefill as Partial<T>, { save: true });
  }, [editing, prefill, ready, empty, reset]);

  const start = useStartingAnswers<T>({
    kind,
    draft,
    enabled: !editing && !prefill && Boolean(fieldsOf),
    fieldsOf: (fieldsOf ?? noFields) as (fields: PrefillFields) => Partial<T>,
  });

  const value = useCallback(<K extends keyof T>(key: K): T[K] | undefined => data[key], [data]);
  const text = (key: keyof T): string => {
    const v = data[key];
    return typeof v === 'string' ? v : '';
  };

  const set = useCallback(
    (patch: Partial<T>) => {
      draft.set(patch);
      setErrors((e) => {
        const keys = Object.keys(patch).filter((k) => k in e);
        if (keys.length === 0) return e;
        const next = { ...e };
        for (const k of keys) delete next[k];
        return next;
      });
    },
    [draft],
  );

  /** Checks the values (blank fields count as not given) against a contract schema; shows the first problem. */
  function check<S extends z.ZodType>(schema: S, extra: Record<string, unknown> = {}): FormCheck<z.output<S>> {
    const values: Record<string, unknown> = { ...withoutBlanks(data as Record<string, unknown>), ...extra };
    const result = checkForm(schema, values);
    if (!result.ok) {
      for (const [key, message] of Object.entries(missing)) {
        if (values[key] === undefined && key in result.errors) result.errors[key] = message;
      }
      const shownFirst = order.find((key) => key in result.errors);
      result.first = (shownFirst ? result.errors[shownFirst] : Object.values(result.errors)[0]) ?? result.first;
      showToast(result.first);
    }
    setErrors(result.errors);
    return result;
  }

  return { draft, autosaves, errors, setErrors, value, text, set, check, start };
}

export type EntryForm<T extends Record<string, unknown>> = ReturnType<typeof useEntryForm<T>>;
