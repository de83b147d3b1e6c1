import { describe, expect, test } from 'vitest';
import type { ConsoleMyAssignment } from '@qgw/contracts';
import { nextUnreviewed, neighbours } from './components/review-desk.js';
import { type FocusTarget, focusTargetOf, type KeyPress, reviewKeyAction } from './components/review-keys.js';

const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const other: FocusTarget = { kind: 'other' };
const text: FocusTarget = { kind: 'text' };
const score = (index: number, value = '', allSelected = value === ''): FocusTarget => ({ kind: 'score', index, text: value, allSelected });
/** out of 10, out of 5, out of 20 */
const criteria = (scored = [false, false, false]) => ({ maxScores: [10, 5, 20], scored });

describe('the reviewer’s keyboard', () => {
  test('j / k move between applications, anywhere but in a text field', () => {
    expect(reviewKeyAction(key('j'), other, criteria())).toEqual({ type: 'next' });
    expect(reviewKeyAction(key('k'), other, criteria())).toEqual({ type: 'previous' });
    expect(reviewKeyAction(key('j'), score(1, '3', false), criteria())).toEqual({ type: 'next' });
    expect(reviewKeyAction(key('j'), text, criteria())).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('k'), text, criteria())).toEqual({ type: 'none' });
    // not with a modifier (the browser's own shortcuts), not the capitals
    expect(reviewKeyAction(key('j', { ctrlKey: true }), other, criteria())).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('J'), other, criteria())).toEqual({ type: 'none' });
  });

  test('Ctrl+Enter and Cmd+Enter submit from anywhere, a text field included; Enter alone does not', () => {
    for (const target of [other, text, score(0, '8', false)]) {
      expect(reviewKeyAction(key('Enter', { ctrlKey: true }), target, criteria())).toEqual({ type: 'submit' });
      expect(reviewKeyAction(key('Enter', { metaKey: true }), target, criteria())).toEqual({ type: 'submit' });
      expect(reviewKeyAction(key('Enter'), target, criteria())).toEqual({ type: 'none' });
    }
    expect(reviewKeyAction(key('Enter', { ctrlKey: true, altKey: true }), other, criteria())).toEqual({ type: 'none' });
  });

  test('a digit scores the focused criterion and moves on; 0 is a score', () => {
    expect(reviewKeyAction(key('7'), score(0), criteria())).toEqual({ type: 'score', index: 0, value: '7', advance: true });
    expect(reviewKeyAction(key('0'), score(1), criteria())).toEqual({ type: 'score', index: 1, value: '0', advance: true });
    // a selected score (arrived by Tab or by the previous digit) is replaced
    expect(reviewKeyAction(key('4'), score(1, '5', true), criteria())).toEqual({ type: 'score', index: 1, value: '4', advance: true });
    expect(reviewKeyAction(key('9'), score(0, '3', true), criteria())).toEqual({ type: 'score', index: 0, value: '9', advance: true });
  });

  test('a digit that may begin a larger score waits for the next one (10 of 10, 15 of 20)', () => {
    expect(reviewKeyAction(key('1'), score(0), criteria())).toEqual({ type: 'score', index: 0, value: '1', advance: false });
    expect(reviewKeyAction(key('0'), score(0, '1', false), criteria())).toEqual({ type: 'score', index: 0, value: '10', advance: true });
    expect(reviewKeyAction(key('2'), score(2), criteria())).toEqual({ type: 'score', index: 2, value: '2', advance: false });
    expect(reviewKeyAction(key('0'), score(2, '2', false), criteria())).toEqual({ type: 'score', index: 2, value: '20', advance: true });
    expect(reviewKeyAction(key('5'), score(2, '1', false), criteria())).toEqual({ type: 'score', index: 2, value: '15', advance: true });
    // out of 5 nothing can grow: 1 is final
    expect(reviewKeyAction(key('1'), score(1), criteria())).toEqual({ type: 'score', index: 1, value: '1', advance: true });
    // "0" then a digit is that digit
    expect(reviewKeyAction(key('7'), score(0, '0', false), criteria())).toEqual({ type: 'score', index: 0, value: '7', advance: true });
  });

  test('a digit above the criterion’s maximum is refused, never clamped', () => {
    expect(reviewKeyAction(key('6'), score(1), criteria())).toEqual({ type: 'refuse', index: 1, value: '6', max: 5 });
    expect(reviewKeyAction(key('1'), score(0, '1', false), criteria())).toEqual({ type: 'refuse', index: 0, value: '11', max: 10 });
    expect(reviewKeyAction(key('5'), score(2, '3', false), criteria())).toEqual({ type: 'refuse', index: 2, value: '35', max: 20 });
  });

  test('a half being typed is left to the field', () => {
    expect(reviewKeyAction(key('5'), score(0, '7.', false), criteria())).toEqual({ type: 'none' });
  });

  test('with the focus on no field, a digit scores the first criterion not scored yet, and none when all are', () => {
    expect(reviewKeyAction(key('8'), other, criteria())).toEqual({ type: 'score', index: 0, value: '8', advance: true });
    expect(reviewKeyAction(key('3'), other, criteria([true, false, true]))).toEqual({ type: 'score', index: 1, value: '3', advance: true });
    expect(reviewKeyAction(key('9'), other, criteria([false, true, true]))).toEqual({ type: 'score', index: 0, value: '9', advance: true });
    expect(reviewKeyAction(key('8'), other, criteria([true, true, true]))).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('8'), other, { maxScores: [], scored: [] })).toEqual({ type: 'none' });
  });

  test('typing in a text field is typing; other keys are left alone', () => {
    expect(reviewKeyAction(key('8'), text, criteria())).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('a'), other, criteria())).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('Tab'), score(0), criteria())).toEqual({ type: 'none' });
    expect(reviewKeyAction(key('8', { altKey: true }), score(0), criteria())).toEqual({ type: 'none' });
  });

  test('where the focus is: score fields by their index, text fields, anything else', () => {
    const scoreField = document.createElement('input');
    scoreField.dataset.criterionIndex = '2';
    scoreField.value = '15';
    document.body.append(scoreField);
    scoreField.setSelectionRange(0, 2);
    expect(focusTargetOf(scoreField)).toEqual({ kind: 'score', index: 2, text: '15', allSelected: true });
    scoreField.setSelectionRange(2, 2);
    expect(focusTargetOf(scoreField)).toEqual({ kind: 'score', index: 2, text: '15', allSelected: false });
    expect(focusTargetOf(document.createElement('textarea'))).toEqual({ kind: 'text' });
    expect(focusTargetOf(document.createElement('input'))).toEqual({ kind: 'text' });
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(focusTargetOf(radio)).toEqual({ kind: 'other' });
    expect(focusTargetOf(document.body)).toEqual({ kind: 'other' });
    expect(focusTargetOf(null)).toEqual({ kind: 'other' });
    scoreField.remove();
  });
});

describe('moving between assignments', () => {
  const item = (id: string, reviewed = false): ConsoleMyAssignment => ({ applicationId: id, kind: 'person', title: id, reviewed, needsRescore: false, hasDraft: false });
  const list = [item('a', true), item('b'), item('c', true), item('d')];

  test('上一份 / 下一份: the neighbours in the list, none past the ends or outside it', () => {
    expect(neighbours(list, 'b')).toMatchObject({ at: 1, previous: { applicationId: 'a' }, next: { applicationId: 'c' } });
    expect(neighbours(list, 'a')).toMatchObject({ at: 0, previous: undefined, next: { applicationId: 'b' } });
    expect(neighbours(list, 'd')).toMatchObject({ at: 3, next: undefined });
    expect(neighbours(list, 'x')).toEqual({ at: -1, previous: undefined, next: undefined });
  });

  test('after a review: the next one not reviewed, going round; none when all are done', () => {
    expect(nextUnreviewed(list, 'b')?.applicationId).toBe('d');
    expect(nextUnreviewed(list, 'd')?.applicationId).toBe('b');
    expect(nextUnreviewed(list, 'a')?.applicationId).toBe('b');
    expect(nextUnreviewed([item('a', true), item('b')], 'b')).toBeUndefined();
    expect(nextUnreviewed([item('a')], 'a')).toBeUndefined();
  });
});
