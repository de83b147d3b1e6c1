/**
 * The forms' wheel pickers (antd-mobile's bottom sheets) as a person uses them: the field is a
 * button named by its label and its choice; the sheet's wheels are tapped entry by entry, then 确定.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A picker field's button (its name: the label, then the choice or the placeholder). */
export const pickerField = (page: Page, label: string): Locator => page.getByRole('button', { name: new RegExp(`^${label} `) });

/** The open sheet. */
export const pickerSheet = (page: Page): Locator => page.locator('.adm-picker').filter({ visible: true });

/** The entries each wheel stands on. */
export const chosenOnWheels = (page: Page): Promise<string[]> =>
  pickerSheet(page).locator('.adm-picker-view-column-item-active').allTextContents();

/**
 * Taps `names` on the open sheet's wheels, first to last. A wheel's entries scroll out of sight,
 * so the tap is dispatched to the entry rather than aimed at a point; each choice re-draws the
 * wheels after it, so every tap is checked to hold.
 */
export async function tapWheels(page: Page, names: readonly string[]): Promise<void> {
  const sheet = pickerSheet(page);
  // a wheel re-drawn after a choice before it (its list loaded, its position reset) can drop a tap
  // made meanwhile: the whole path is tapped again until every wheel holds its choice at once
  await expect(async () => {
    for (const [level, name] of names.entries()) {
      if ((await chosenOnWheels(page))[level] !== name) {
        await sheet.locator('.adm-picker-view-column').nth(level).getByText(name, { exact: true }).dispatchEvent('click');
        await expect.poll(async () => (await chosenOnWheels(page))[level], { timeout: 2_000 }).toBe(name);
      }
    }
    expect((await chosenOnWheels(page)).slice(0, names.length)).toEqual([...names]);
  }).toPass({ timeout: 20_000 });
}

/** Confirms the open sheet and waits for it to close. */
export async function confirmSheet(page: Page): Promise<void> {
  await pickerSheet(page).getByRole('button', { name: '确定', exact: true }).click();
  await expect(pickerSheet(page)).toHaveCount(0);
}

/** Chooses a place on the 所在地区 picker: province, city, district. */
export async function pickRegion(page: Page, path: readonly string[], label = '所在地区'): Promise<void> {
  await pickerField(page, label).click();
  await expect(pickerSheet(page).locator('.adm-picker-view-column-item').first()).toBeAttached();
  await tapWheels(page, path);
  await confirmSheet(page);
  await expect(pickerField(page, label)).toHaveText(path.join(''));
}

/** 1990年03月07日 for 1990-03-07. */
export const shownDate = (iso: string): string => `${iso.slice(0, 4)}年${iso.slice(5, 7)}月${iso.slice(8, 10)}日`;
