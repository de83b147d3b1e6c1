/**
 * A visitor browses the committee: the intro tab, its leaders with their 职务, a subdivision and its
 * members, a member's public profile (only what the member agreed to publish, never a mobile number),
 * and a document whose attachment downloads.
 */
import type { Page } from '@playwright/test';
import { apiPaths, routes } from '@qgw/contracts';
import { at, hashQuery, hashRoute, readStorage, sessionKeys } from './support/app.js';
import { mobilePattern, seeded } from './support/content.js';
import { expect, test } from './support/test.js';

/** The profile's label → value pairs, as shown. */
const profileFields = (page: Page) =>
  page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(document.querySelectorAll('dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out[dt.textContent?.trim() ?? ''] = dd.textContent?.trim() ?? '';
    }
    return out;
  });

/** Opens a member from the list on screen and checks what their public profile answers and shows. */
async function openMember(page: Page, name: string): Promise<Record<string, unknown>> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.contentMember && r.status() === 200);
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(hashRoute(routes.memberlist.detail));
  const body = (await (await answer).json()) as { message: Record<string, unknown> };
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('仅展示会员本人同意公开的信息')).toBeVisible();
  // what the server hands a visitor: no contact or identity fields, and nothing that looks like one
  const json = JSON.stringify(body.message);
  expect(Object.keys(body.message)).not.toEqual(expect.arrayContaining(['mobile']));
  expect(json).not.toMatch(/idNumber|id_number|mobile|phone/i);
  expect(json).not.toMatch(mobilePattern);
  expect(await page.locator('#root').innerText()).not.toMatch(mobilePattern);
  return body.message;
}

test('intro → 领导班子 → 分会 → a subdivision → its members\' public profiles', async ({ page }) => {
  await page.goto(at(routes.intro.index));
  await expect(page.getByRole('heading', { level: 1, name: '青工委介绍' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '青工委简介' })).toBeVisible();
  const entries = page.getByRole('navigation', { name: '快捷入口' });

  // the leadership, each with their 职务
  await entries.getByRole('link', { name: '领导班子' }).click();
  await expect(page).toHaveURL(hashRoute(routes.article.leader));
  const leaders = page.getByRole('list', { name: '领导班子' });
  await expect(leaders.getByRole('listitem')).toHaveCount(seeded.leaders.length);
  for (const [i, [name, title]] of seeded.leaders.entries()) {
    const card = leaders.getByRole('listitem').nth(i);
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText(title, { exact: true })).toBeVisible();
  }

  // back to the intro, then the subdivisions
  await page.getByLabel('返回').click();
  await expect(page).toHaveURL(hashRoute(routes.intro.index));
  await entries.getByRole('link', { name: '分会' }).click();
  await expect(page).toHaveURL(hashRoute(routes.article.subdivisions));
  const subdivisions = page.getByRole('list', { name: '分会' });
  await expect(subdivisions.getByRole('listitem')).toHaveCount(5);
  await subdivisions.getByRole('link', { name: new RegExp(seeded.subdivision) }).click();
  await expect.poll(() => hashQuery(page).get('id'), { message: 'one subdivision is open' }).toBeTruthy();
  await expect(page).toHaveURL(hashRoute(routes.article.subdivisions));
  await expect(page.getByRole('heading', { level: 1, name: seeded.subdivision })).toBeVisible();
  await expect(page.getByText(`${seeded.subdivisionSize} 名会员`)).toBeVisible();
  const members = page.locator('.qgw-ct-members').getByRole('listitem');
  await expect(members).toHaveCount(seeded.subdivisionSize);

  // a member who published unit, 职务 and bio
  const open = seeded.openMember;
  const shown = await openMember(page, open.name);
  expect(await profileFields(page)).toEqual({
    所属分会: seeded.subdivision,
    所在地区: open.region,
    工作单位: open.organization,
    职务: open.title,
  });
  await expect(page.getByRole('heading', { name: '个人简介' })).toBeVisible();
  await expect(page.getByText(open.bio, { exact: true })).toBeVisible();
  expect(shown).toMatchObject({ name: open.name, organization: open.organization, title: open.title, bio: open.bio });
  // the subdivision on the profile leads back to it
  await expect(page.getByRole('link', { name: seeded.subdivision })).toBeVisible();

  // a member who published none of them: only name, subdivision and region
  await page.getByLabel('返回').click();
  await expect(page.getByRole('heading', { level: 1, name: seeded.subdivision })).toBeVisible();
  const closed = seeded.privateMember;
  const answered = await openMember(page, closed.name);
  expect(await profileFields(page)).toEqual({ 所属分会: seeded.subdivision, 所在地区: closed.region });
  await expect(page.getByRole('heading', { name: '个人简介' })).toHaveCount(0);
  const text = await page.locator('#root').innerText();
  const json = JSON.stringify(answered);
  for (const hidden of closed.hidden) {
    expect(text, `the page does not show "${hidden}"`).not.toContain(hidden);
    expect(json, `the server does not send "${hidden}"`).not.toContain(hidden);
  }

  // browsing leaves no session behind
  const stored = await readStorage(page);
  for (const key of sessionKeys) expect(stored[key], `${key} is not written by browsing`).toBeUndefined();
});

test('a document lists its attachment and the attachment downloads', async ({ page }) => {
  await page.goto(at(routes.intro.index));
  await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '文件' }).click();
  await expect(page).toHaveURL(hashRoute(routes.article.document));
  const doc = seeded.document;
  const card = page.getByRole('list', { name: '文件' }).getByRole('link', { name: new RegExp(doc.title) });
  await expect(card.getByText('附件 1 个')).toBeVisible();
  await card.click();
  await expect.poll(() => hashQuery(page).get('id'), { message: 'one document is open' }).toBeTruthy();
  await expect(page).toHaveURL(hashRoute(routes.article.document));
  await expect(page.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '附件' })).toBeVisible();

  const link = page.getByRole('link', { name: doc.attachment });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('download', doc.attachment);
  const href = await link.getAttribute('href');
  expect(href, 'the attachment has an address').toBeTruthy();

  const res = await page.request.get(new URL(href ?? '', page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition'] ?? '').toMatch(/^attachment;/);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(await res.text()).toContain(doc.line);
});

test('the downloaded attachment is saved under the name the page shows', async ({ page }) => {
  // the server's Content-Disposition wins over the link's `download`, so the link must carry ?name=
  const doc = seeded.document;
  await page.goto(at(routes.article.document));
  await page.getByRole('list', { name: '文件' }).getByRole('link', { name: new RegExp(doc.title) }).click();
  const link = page.getByRole('link', { name: doc.attachment });
  const [saved] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(saved.suggestedFilename()).toBe(doc.attachment);
  const res = await page.request.get(new URL((await link.getAttribute('href')) ?? '', page.url()).toString());
  expect(res.headers()['content-disposition'] ?? '').toContain(`filename*=UTF-8''${encodeURIComponent(doc.attachment)}`);
});
