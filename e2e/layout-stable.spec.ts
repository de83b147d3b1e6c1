/**
 * Screens whose content comes from the server do not move once drawn: what sits below an article
 * (the further reading on 青工委简介, the tip and 开始申报 on 申报流程) waits for the article instead
 * of being drawn under its short placeholder and pushed down when it arrives; 立即申报 on the
 * programme and award pages is held at the foot of the screen. The content is slowed as on a slow
 * network, so that it never arrives in the same frame as the screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { apiPaths, routes } from '@qgw/contracts';
import { at, slowApi } from './support/app.js';
import { layoutShift } from './support/layout-shift.js';

const slowArticles = (page: Page) => slowApi(page, apiPaths.contentArticle, 400);

test('青工委简介: the further reading comes after the article, nothing moves', async ({ page }) => {
  await slowArticles(page);
  await page.goto(at(routes.intro.index));
  await expect(page.getByRole('heading', { name: '了解更多' })).toBeVisible();
  await expect(page.locator('.qgw-intro-rich')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('申报流程: the tip and 开始申报 come after the steps, nothing moves', async ({ page }) => {
  await slowArticles(page);
  await page.goto(at(routes.cxb.process));
  await expect(page.getByRole('button', { name: '开始申报' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShift(page)).toBeLessThan(0.01);
});

test('青年创新榜人物申报: 立即申报 held at the foot while the overview arrives, nothing moves', async ({ page }) => {
  await slowArticles(page);
  await page.goto(at(routes.cxb.index));
  await expect(page.locator('.qgw-ru-rich')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  await expect(page.getByRole('button', { name: '立即申报' })).toBeInViewport();
});

test('奖项设置: 立即申报 held at the foot while the awards arrive, nothing moves', async ({ page }) => {
  await slowApi(page, apiPaths.contentArticles, 400);
  await page.goto(at(routes.cxb.award));
  await expect(page.locator('.qgw-ru-award').first()).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  await expect(page.getByRole('button', { name: '立即申报' })).toBeInViewport();
});
