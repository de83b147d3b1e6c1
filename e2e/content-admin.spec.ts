/**
 * Admin writes reach visitors at once, and hostile rich text never runs in a visitor's browser:
 * the admin edits a news title and an award's quota and prize in the console and a fresh browser
 * sees them (the news list; the programme's award page, whose process page shows the seeded
 * process article); an article full of script, event handlers and javascript: links shows its text
 * and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { apiPaths, routes, type AdminArticle } from '@qgw/contracts';
import { at, hashRoute, readStorage, sessionKeys } from './support/app.js';
import { adminApi, openConsoleAsAdmin, seeded, visitorContext, watchPage } from './support/content.js';
import { expect, test } from './support/test.js';

test('an admin edits a news title in the console and a visitor sees the change', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const newTitle = `培训班开班（更新 ${randomBytes(3).toString('hex')}）`;

  await openConsoleAsAdmin(page);
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '文章' }).click();
  const news = page.getByRole('list', { name: '新闻动态' });
  await expect(news).toBeVisible();
  await news.getByRole('link', { name: `编辑：${seeded.newsTitle}` }).click();
  const title = page.getByLabel('标题', { exact: true });
  await expect(title).toHaveValue(seeded.newsTitle);
  await title.fill(newTitle);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.contentAdminArticleUpdate);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(news.getByRole('link', { name: `编辑：${newTitle}` })).toBeVisible();

  // a visitor on another phone, never signed in
  const context = await visitorContext(browser);
  try {
    const visitor = await context.newPage();
    const seen = watchPage(visitor);
    await visitor.goto(at(routes.article.index, { category: 'news' }));
    const list = visitor.getByRole('list', { name: '新闻动态' });
    await expect(list.getByRole('heading', { name: newTitle })).toBeVisible();
    await expect(list.getByRole('heading', { name: seeded.newsTitle, exact: true })).toHaveCount(0);
    await list.getByRole('link', { name: new RegExp(newTitle.replace(/[()（）]/g, '.')) }).click();
    await expect(visitor).toHaveURL(hashRoute(routes.article.index));
    await expect(visitor.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(visitor.getByText('第三期青年工作者能力提升培训班日前开班', { exact: false })).toBeVisible();
    const stored = await readStorage(visitor);
    for (const key of sessionKeys) expect(stored[key], `the visitor holds no ${key}`).toBeUndefined();
    expect(seen.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("an admin edits an award's quota and prize; a visitor sees them on the programme's award page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const prize = `证书及奖金 ${12000 + Math.floor(Math.random() * 1000)} 元`;

  await openConsoleAsAdmin(page);
  await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '文章' }).click();
  await page.getByRole('group', { name: '分类' }).getByRole('button', { name: '奖项' }).click();
  const awards = page.getByRole('list', { name: '奖项' });
  await awards.getByRole('link', { name: '编辑：二等奖' }).click();
  const quota = page.getByLabel('名额', { exact: true });
  await expect(quota).toHaveValue('20');
  await quota.fill('25');
  await page.getByLabel('奖励（选填）', { exact: true }).fill(prize);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.contentAdminArticleUpdate);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('保存成功')).toBeVisible();

  const context = await visitorContext(browser);
  try {
    const visitor = await context.newPage();
    const seen = watchPage(visitor);
    await visitor.goto(at(routes.cxb.index));
    await expect(visitor.getByRole('heading', { name: '青年创新榜人物申报' })).toBeVisible();
    // the overview is the seeded programme article
    await expect(visitor.getByRole('heading', { name: '青年创新榜简介' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: '申报对象' })).toBeVisible();
    await visitor.getByRole('button', { name: /奖项设置/ }).click();
    await expect(visitor).toHaveURL(hashRoute(routes.cxb.award));
    const list = visitor.getByRole('list', { name: '奖项设置' });
    await expect(list.getByRole('heading')).toHaveText(['一等奖', '二等奖', '三等奖', '优秀奖']);
    const second = list.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: '二等奖' }) });
    await expect(second).toContainText('25 名');
    await expect(second).toContainText(prize);
    await expect(second).not.toContainText('20 名');

    // the process page shows the seeded process article and the way in
    await visitor.goBack();
    await visitor.getByRole('button', { name: /申报流程/ }).click();
    await expect(visitor).toHaveURL(hashRoute(routes.cxb.process));
    await expect(visitor.getByRole('heading', { name: '申报流程', level: 2 })).toBeVisible();
    await expect(visitor.getByText('阅读申报须知')).toBeVisible();
    await expect(visitor.getByRole('button', { name: '开始申报' })).toBeVisible();
    expect(seen.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('hostile rich text shows its words in a visitor\'s browser and runs nothing', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminApi(request);
  const title = `安全测试 ${randomBytes(3).toString('hex')}`;
  const hostile = [
    '<p>这是一段正常的正文。</p>',
    '<script>alert("script")</script>',
    '<img src="x" onerror="alert(\'onerror\')" alt="坏图片">',
    '<a href="javascript:alert(\'link\')">危险链接</a>',
    '<p onclick="alert(\'click\')" onmouseover="alert(\'over\')">可以点的段落</p>',
    '<iframe src="javascript:alert(\'frame\')"></iframe>',
    '<a href="JaVaScRiPt&colon;alert(\'encoded\')">编码链接</a>',
    '<svg><script>alert("svg")</script></svg>',
  ].join('');
  const created = await admin.post<AdminArticle>(apiPaths.contentAdminArticleCreate, {
    category: 'news',
    title,
    summary: '含有脚本的正文',
    body: hostile,
    published: true,
  });

  // what any client is served is already clean
  const served = await request.get(apiPaths.contentArticle, { params: { id: created.id } });
  expect(served.status()).toBe(200);
  const body = ((await served.json()) as { message: { body: string } }).message.body;
  expect(body).toContain('这是一段正常的正文。');
  expect(body).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe/i);

  const seen = watchPage(page);
  await page.goto(at(routes.article.index, { id: created.id }));
  const article = page.locator('article');
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByText('这是一段正常的正文。')).toBeVisible();
  await expect(article.getByText('可以点的段落')).toBeVisible();
  await expect(article.getByText('危险链接')).toBeVisible();

  // the DOM holds no script, no handler and no script address
  const dom = await article.evaluate((el) => ({
    scripts: el.querySelectorAll('script').length,
    frames: el.querySelectorAll('iframe').length,
    handlers: Array.from(el.querySelectorAll('*')).flatMap((n) => n.getAttributeNames().filter((a: string) => a.toLowerCase().startsWith('on'))),
    hrefs: Array.from(el.querySelectorAll('[href], [src]')).map((n) => n.getAttribute('href') ?? n.getAttribute('src') ?? ''),
  }));
  expect(dom.scripts).toBe(0);
  expect(dom.frames).toBe(0);
  expect(dom.handlers).toEqual([]);
  for (const h of dom.hrefs) expect(h.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);

  // touching everything still runs nothing
  await article.getByText('可以点的段落').click();
  await article.getByText('可以点的段落').hover();
  await article.getByText('危险链接').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(seen.dialogs, 'no alert, confirm or prompt opened').toEqual([]);
  expect(seen.errors).toEqual([]);
  // a missing image is the only thing the console may mention
  expect(seen.consoleErrors.filter((m) => !/Failed to load resource/.test(m))).toEqual([]);

  // and the visitor's list shows it like any other news
  await page.goto(at(routes.article.index, { category: 'news' }));
  await expect(page.getByRole('list', { name: '新闻动态' }).getByRole('heading', { name: title })).toBeVisible();
  expect(seen.dialogs).toEqual([]);
});
