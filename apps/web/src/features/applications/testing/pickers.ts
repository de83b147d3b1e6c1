import { expect } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

/** A picker field's button: its name is the label, then what is chosen (or the placeholder). */
export const pickerButton = (label: string): HTMLElement => screen.getByRole('button', { name: new RegExp(`^${label} `) });

/** What a picker field shows (the choice, or the placeholder). */
export const pickerShows = (label: string): string => pickerButton(label).textContent ?? '';

/**
 * Chooses a place on the region picker as a person taps it: opens it, waits for the divisions to
 * load, taps each level's name on its wheel, then 确定.
 */
export async function pickRegion(label: string, path: readonly string[]): Promise<void> {
  await act(async () => fireEvent.click(pickerButton(label)));
  const sheet = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.adm-picker:not(.adm-picker-loading)');
    if (!el || !el.querySelector('.adm-picker-view-column-item')) throw new Error('the divisions have not loaded');
    return el;
  });
  const chosen = () => [...sheet.querySelectorAll('.adm-picker-view-column-item-active')].map((i) => i.textContent);
  for (const [level, name] of path.entries()) {
    // each choice re-draws the wheels after it (which start at their first entry): tap until it holds
    await waitFor(async () => {
      if (chosen()[level] === name) return;
      const column = sheet.querySelectorAll<HTMLElement>('.adm-picker-view-column')[level];
      const item = [...(column?.querySelectorAll<HTMLElement>('.adm-picker-view-column-item') ?? [])].find((i) => i.textContent === name);
      if (item) await act(async () => fireEvent.click(item));
      throw new Error(`${name} is not chosen on wheel ${level}`);
    });
  }
  await waitFor(() => expect(chosen().slice(0, path.length)).toEqual([...path]));
  await confirmSheet(sheet);
}

/**
 * Taps 确定. antd-mobile draws the sheet's buttons as <a role="button"> without an href; jsdom
 * (unlike a browser) then follows the link to the page's bare address, which the hash router reads
 * as home. The tap's default is prevented, as a browser has none.
 */
export async function confirmSheet(sheet: HTMLElement): Promise<void> {
  const button = within(sheet).getByText('确定');
  const noNavigation = (e: Event) => e.preventDefault();
  button.addEventListener('click', noNavigation);
  await act(async () => fireEvent.click(button));
  button.removeEventListener('click', noNavigation);
}
