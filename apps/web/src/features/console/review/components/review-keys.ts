/**
 * The reviewer's keyboard at a desk, as a pure function of the key and where the focus is:
 *   j / k            next / previous application (the reviewer's assignments, in their order)
 *   0–9              the score of the focused criterion (or, with the focus on no field, of the first
 *                    one not scored yet, if any); then the focus moves to the next criterion. A digit that
 *                    could still begin a larger valid score (1 of a criterion out of 10) waits for
 *                    the next digit; a digit above the criterion's maximum is refused, not clamped.
 *   Ctrl/Cmd+Enter   submit the review, wherever the focus is
 * Everything but Ctrl/Cmd+Enter is left alone while typing in a text field.
 */

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Where the focus is, as far as the shortcuts care. */
export type FocusTarget =
  /** a criterion's score field: its text, and whether all of it is selected (typing replaces it) */
  | { kind: 'score'; index: number; text: string; allSelected: boolean }
  /** a text field, a select, anything editable: typing is typing */
  | { kind: 'text' }
  | { kind: 'other' };

export interface Criteria {
  /** each criterion's maximum score, in rubric order */
  maxScores: readonly number[];
  /** which criteria hold a score already */
  scored: readonly boolean[];
}

export type KeyAction =
  | { type: 'none' }
  | { type: 'submit' }
  | { type: 'next' }
  | { type: 'previous' }
  /** set the criterion's score text; `advance`: move the focus to the next criterion */
  | { type: 'score'; index: number; value: string; advance: boolean }
  /** the digit would make a score above the criterion's maximum */
  | { type: 'refuse'; index: number; value: string; max: number };

const none: KeyAction = { type: 'none' };

export function reviewKeyAction(press: KeyPress, target: FocusTarget, criteria: Criteria): KeyAction {
  if (press.key === 'Enter' && (press.ctrlKey || press.metaKey) && !press.altKey) return { type: 'submit' };
  if (press.ctrlKey || press.metaKey || press.altKey || target.kind === 'text') return none;
  if (press.key === 'j') return { type: 'next' };
  if (press.key === 'k') return { type: 'previous' };
  if (!/^[0-9]$/.test(press.key) || criteria.maxScores.length === 0) return none;

  let index: number;
  let before: string;
  if (target.kind === 'score') {
    index = target.index;
    before = target.allSelected ? '' : target.text.trim();
    // a half (7.5) is typed as text: the shortcut does not second-guess a decimal point
    if (before.includes('.')) return none;
  } else {
    // every criterion scored: a stray digit changes none of them
    index = criteria.scored.findIndex((s) => !s);
    if (index === -1) return none;
    before = '';
  }
  const max = criteria.maxScores[index];
  if (max === undefined) return none;
  // a leading zero is no score of its own: "0" then "7" is 7
  const value = String(Number(`${before === '0' ? '' : before}${press.key}`));
  const n = Number(value);
  if (n > max) return { type: 'refuse', index, value, max };
  const couldGrow = n > 0 && n * 10 <= max;
  return { type: 'score', index, value, advance: !couldGrow };
}

/** The focus target of an element (the score fields carry data-criterion-index). */
export function focusTargetOf(el: Element | null): FocusTarget {
  if (!el || !(el instanceof HTMLElement)) return { kind: 'other' };
  const index = el.dataset.criterionIndex;
  if (index !== undefined && el instanceof HTMLInputElement) {
    const text = el.value;
    let allSelected = text === '';
    try {
      allSelected ||= el.selectionStart === 0 && el.selectionEnd === text.length;
    } catch {
      // inputs without a text selection (type=number) answer with an exception
    }
    return { kind: 'score', index: Number(index), text, allSelected };
  }
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return { kind: 'text' };
  if (el instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(el.type)) {
    return { kind: 'text' };
  }
  return { kind: 'other' };
}
