import { describe, expect, test } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ContactPhoneInput } from './components/contact-phone-input.js';
import { DatePickerInput, RegionPickerInput } from './components/pickers.js';
import { confirmSheet, pickerButton, pickerShows, pickRegion } from './testing/pickers.js';

function Date({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DatePickerInput label="出生日期" value={value} onChange={setValue} min="1940-01-01" max="2024-05-02" start="1994-01-01" title="选择出生日期" />;
}

function Region({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <RegionPickerInput label="所在地区" required value={value} onChange={setValue} />;
}

const sheet = () => document.querySelector<HTMLElement>('.adm-picker')!;
const wheel = (n: number) => sheet().querySelectorAll<HTMLElement>('.adm-picker-view-column')[n]!;
const active = () => [...sheet().querySelectorAll('.adm-picker-view-column-item-active')].map((i) => i.textContent);
/** Taps an entry on a wheel until it is the chosen one (a choice re-draws the wheels after it). */
const tap = (n: number, text: string) =>
  waitFor(async () => {
    if (active()[n] === text) return;
    const item = [...wheel(n).querySelectorAll('.adm-picker-view-column-item')].find((i) => i.textContent === text);
    if (item) await act(async () => fireEvent.click(item));
    throw new Error(`${text} is not chosen`);
  });

describe('出生日期 on wheels', () => {
  test('shows the date in Chinese, offers 年/月/日 wheels within the limits, and keeps YYYY-MM-DD', async () => {
    render(<Date />);
    expect(pickerShows('出生日期')).toBe('请选择出生日期');
    await act(async () => fireEvent.click(pickerButton('出生日期')));
    // the sheet loads when first opened
    expect(await screen.findByText('选择出生日期')).toBeTruthy();
    expect(within(sheet()).getByText('确定')).toBeTruthy();
    expect(within(sheet()).getByText('取消')).toBeTruthy();
    const years = [...wheel(0).querySelectorAll('.adm-picker-view-column-item')].map((i) => i.textContent);
    expect(years[0]).toBe('1940年');
    expect(years.at(-1)).toBe('2024年');
    expect(wheel(1).textContent).toContain('12月');
    await tap(0, '1990年');
    await tap(1, '3月');
    await tap(2, '7日');
    await confirmSheet(sheet());
    expect(pickerShows('出生日期')).toBe('1990年03月07日');
  });
});

describe('所在地区 on wheels', () => {
  test('province, city and district from the divisions, stored written together', async () => {
    render(<Region />);
    expect(pickerShows('所在地区')).toBe('请选择省、市、区');
    await pickRegion('所在地区', ['广东省', '广州市', '天河区']);
    expect(pickerShows('所在地区')).toBe('广东省广州市天河区');
    // opened again, the wheels stand on the stored place
    await act(async () => fireEvent.click(pickerButton('所在地区')));
    await waitFor(() => expect(active()).toEqual(['广东省', '广州市', '天河区']));
    await act(async () => fireEvent.click(within(sheet()).getByText('取消')));
  });

  test('a value typed before the picker existed, and not a place, is pointed out', async () => {
    render(<Region initial="如：广东省广州市天河区" />);
    await act(async () => fireEvent.click(pickerButton('所在地区')));
    expect(await screen.findByText('原填写的“如：广东省广州市天河区”不在地区列表中，请重新选择')).toBeTruthy();
  });
});

describe('联系电话', () => {
  test('takes a landline in full: the input is as long as the longest valid phone, not 11', () => {
    render(<ContactPhoneInput label="联系电话" value="" onChange={() => undefined} />);
    const input = screen.getByLabelText('联系电话') as HTMLInputElement;
    expect(input.maxLength).toBe(20);
    expect(input.type).toBe('tel');
    expect(screen.getByText('固定电话请加区号，如 010-12345678')).toBeTruthy();
  });
});
