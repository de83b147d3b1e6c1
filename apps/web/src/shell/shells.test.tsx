import { describe, expect, test } from 'vitest';
import { defaultRoute, routes } from '@qgw/contracts';
import { injectShells, shellMarkup } from '../../build/shell-html.js';
import { accountStrings } from '../features/accounts/strings.js';
import { homeStrings } from '../features/home/strings.js';
import { programmeStrings } from '../features/programme2024/strings.js';
import { renderShells, type Shell } from './render-shells.js';
import { hashRoute, showShell, SHELL_SHOWN_CLASS } from './show-shell.js';

const shells = renderShells();
const byName = (name: Shell['name']) => shells.find((s) => s.name === name)!;

/** The text a shell shows, as the browser reads its markup. */
function textOf(html: string): string {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el.textContent ?? '';
}

describe('the prerendered first screens', () => {
  test('the home shell holds every text of the home screen, from its strings file', () => {
    const text = textOf(byName('home').html);
    const expected = [
      homeStrings.badge, homeStrings.heading, homeStrings.slogan, homeStrings.intro, homeStrings.entriesHeading,
      ...homeStrings.entries.flatMap((e) => [e.title, e.desc]), homeStrings.moreHeading,
      ...homeStrings.more.flatMap((e) => [e.title, e.desc]), homeStrings.stepsHeading, ...homeStrings.steps,
      homeStrings.noticeHeading, ...homeStrings.notices, homeStrings.contact, programmeStrings.statusHeading, programmeStrings.myEntries,
      '首页', '青工委介绍', '我的',
    ];
    for (const s of expected) expect(text, s).toContain(s);
  });

  test('the login shell holds the login screen: title, greeting, labelled fields, button and link', () => {
    const el = document.createElement('div');
    el.innerHTML = byName('login').html;
    const text = el.textContent ?? '';
    for (const s of [accountStrings.loginTitle, accountStrings.loginHeading, accountStrings.loginSubheading, accountStrings.mobile, accountStrings.password, accountStrings.loginButton, accountStrings.toRegister]) {
      expect(text, s).toContain(s);
    }
    const labels = [...el.querySelectorAll('label')];
    expect(labels.map((l) => l.textContent)).toEqual([accountStrings.mobile, accountStrings.password]);
    for (const label of labels) expect(el.querySelector(`[id="${label.htmlFor}"]`)?.tagName).toBe('INPUT');
    expect(el.querySelector('input[type=tel]')?.getAttribute('placeholder')).toBe(accountStrings.mobilePlaceholder);
    expect(el.querySelector('a')?.getAttribute('href')).toBe(`#${routes.login.register}`);
  });

  test('what depends on the visitor is drawn loading: no sign-in link that a signed-in visitor would wrongly see', () => {
    expect(textOf(byName('home').html)).not.toContain(programmeStrings.myEntriesLogin);
  });

  test('each shell stands for the routes that show its screen; an empty hash is the default route', () => {
    expect(byName('home').routes).toEqual([routes.cxb2024.index, routes.home.index, '/']);
    expect(defaultRoute).toBe(routes.cxb2024.index);
    expect(byName('login').routes).toEqual([routes.login.index, routes.cxb2024.login]);
  });
});

describe('choosing the shell', () => {
  test('the hash route is read as the router reads it', () => {
    expect(hashRoute('')).toBe('/');
    expect(hashRoute('#/')).toBe('/');
    expect(hashRoute('#/pages/login/index')).toBe('/pages/login/index');
    expect(hashRoute('#/pages/login/index/')).toBe('/pages/login/index');
    expect(hashRoute('#/pages/login/index?from=x')).toBe('/pages/login/index');
  });

  test('only the shell of the current route is shown; any other route shows none', () => {
    document.body.innerHTML = `<div id="root">${shells.map(shellMarkup).join('')}</div>`;
    const shown = () => [...document.querySelectorAll(`.${SHELL_SHOWN_CLASS}`)].map((e) => e.getAttribute('data-qgw-shell'));
    expect(showShell(document, '#/pages/login/index')).toBe(true);
    expect(shown()).toEqual(['login']);
    expect(showShell(document, '#/pages/cxb2024/login')).toBe(true);
    expect(shown()).toEqual(['login']);
    expect(showShell(document, '')).toBe(true);
    expect(shown()).toEqual(['home']);
    expect(showShell(document, '#/pages/home/index')).toBe(true);
    expect(shown()).toEqual(['home']);
    for (const other of ['#/pages/intro/index', '#/pages/login/register', '#/pages/Login/index', '#/console']) {
      expect(showShell(document, other), other).toBe(false);
      expect(shown()).toEqual([]);
    }
    // inert: nothing can be typed into or pressed in a shell before the app takes over
    for (const el of document.querySelectorAll('[data-qgw-shell]')) expect(el.hasAttribute('inert')).toBe(true);
    document.body.innerHTML = '';
  });
});

describe('index.html', () => {
  const html = [
    '<html><head><title>t</title>',
    '<script type="module" crossorigin src="/assets/index-a.js"></script>',
    '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  test('gets the shells in its root and the styles inline; the app’s stylesheet link stays for print only', () => {
    const out = injectShells(html, {
      shells,
      appCss: [{ file: 'assets/index-a.css', text: '.app{}' }, { file: 'assets/boot-b.css', text: '.boot{}' }],
      screenCss: [{ file: 'assets/home-c.css', text: '.home{}' }, { file: 'assets/copy.css', text: '.boot{}' }],
    });
    expect(out).toContain('<link rel="stylesheet" media="print" crossorigin href="/assets/index-a.css">');
    expect(out).toContain('<link rel="stylesheet" media="print" crossorigin href="/assets/boot-b.css">');
    expect(out).not.toMatch(/<link rel="stylesheet" crossorigin/);
    const style = /<style>(.*)<\/style>/s.exec(out)?.[1] ?? '';
    expect(style.endsWith('.app{}.boot{}.home{}')).toBe(true);
    expect(out).toContain(`<div id="root"><div id="${routes.home.index}"><div class="qgw-shell" id="${routes.cxb2024.index}"`);
    expect(out.match(/data-qgw-shell=/g)).toHaveLength(2);
  });

  test('without a root element the build fails rather than ship a page without the shells', () => {
    expect(() => injectShells(html.replace('<div id="root"></div>', ''), { shells, appCss: [], screenCss: [] })).toThrow(/no <div id="root">/);
  });
});
