import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  clearToastLeftFromLastPage,
  preloadToastOnFirstTouch,
  provideToast,
  showLoading,
  showToast,
  TOAST_CARRIES_OVER_MS,
  TOAST_PRELOAD_FALLBACK_MS,
} from './toast.js';

type ToastApi = Parameters<typeof provideToast>[0];

function fakeToast() {
  const events: string[] = [];
  const api = { show: (o: { content: string }) => events.push(`show ${o.content}`), clear: () => events.push('clear') } as unknown as ToastApi;
  provideToast(api);
  return events;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('toasts do not follow the person to the next screen', () => {
  test('an old message is cleared when the screen changes; one asked for just before the move stays', async () => {
    const events = fakeToast();
    showToast('请填写姓名');
    const shownAt = performance.now();
    clearToastLeftFromLastPage(shownAt + TOAST_CARRIES_OVER_MS + 1);
    await settle();
    expect(events).toEqual(['show 请填写姓名', 'clear']);

    showToast('提交成功...');
    clearToastLeftFromLastPage(performance.now() + 10);
    await settle();
    expect(events.at(-1)).toBe('show 提交成功...');
  });

  test('a loading indicator belongs to its page and is cleared at once; nothing shown, nothing done', async () => {
    const events = fakeToast();
    clearToastLeftFromLastPage();
    await settle();
    expect(events).toEqual([]);
    showLoading('加载中');
    clearToastLeftFromLastPage();
    await settle();
    expect(events).toEqual(['show 加载中', 'clear']);
  });
});

describe('the toast\'s code stays away from the first screen', () => {
  test('it loads at the first touch or key, once, not while the first screen is still coming', () => {
    vi.useFakeTimers();
    const page = new EventTarget();
    const load = vi.fn();
    preloadToastOnFirstTouch(page, load);
    vi.advanceTimersByTime(TOAST_PRELOAD_FALLBACK_MS - 1);
    expect(load).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
    page.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(TOAST_PRELOAD_FALLBACK_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('untouched, it loads after a few seconds all the same', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    preloadToastOnFirstTouch(new EventTarget(), load);
    vi.advanceTimersByTime(TOAST_PRELOAD_FALLBACK_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
