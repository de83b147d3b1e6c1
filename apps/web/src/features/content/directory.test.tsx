import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { member, page, subdivision } from './testing/fixtures.js';
import { groupMembers } from './components/directory-screen.js';

afterEach(() => vi.unstubAllGlobals());

const people = [
  member({ id: 'm1', name: '李晓明', subdivisionId: 's1', subdivisionName: '科技创新分会', region: '北京' }),
  member({ id: 'm2', name: '王芳', subdivisionId: 's1', subdivisionName: '科技创新分会', region: '上海', organization: null, title: null }),
  member({ id: 'm3', name: '张伟', subdivisionId: 's2', subdivisionName: '文化传媒分会', region: '北京' }),
];

/** A directory server: searches names, groups by subdivision or region as the contract says. */
function directoryServer() {
  return stubApi({
    [apiPaths.contentMembers]: (c: RecordedCall) => {
      const q = c.url.searchParams.get('q') ?? '';
      const by = c.url.searchParams.get('groupBy') ?? 'subdivision';
      const hits = people.filter((m) => !q || m.name.includes(q));
      const sorted = [...hits].sort((a, b) => (by === 'region' ? a.region.localeCompare(b.region) : (a.subdivisionId ?? '').localeCompare(b.subdivisionId ?? '')));
      return ok(page(sorted));
    },
    [apiPaths.contentSubdivisions]: ok({ items: [subdivision({ id: 's1', memberCount: 2 }), subdivision({ id: 's2', name: '文化传媒分会', memberCount: 1 })] }),
    [apiPaths.contentMemberRegions]: ok({ items: [{ region: '北京', count: 2 }, { region: '上海', count: 1 }] }),
    [apiPaths.contentMember]: (c: RecordedCall) => {
      const found = people.find((m) => m.id === c.url.searchParams.get('id'));
      return found ? ok(found) : fail('内容不存在', 4040);
    },
  });
}

const groupTitles = () => Array.from(document.querySelectorAll('.qgw-ct-group-title > span:first-child')).map((n) => n.textContent);

describe('member directory', () => {
  test('grouped by subdivision with counts; 按地区 regroups by region', async () => {
    const api = directoryServer();
    await renderApp(routes.memberlist.index);
    expect(await screen.findByText('李晓明')).toBeTruthy();
    expect(groupTitles()).toEqual(['科技创新分会', '文化传媒分会']);
    expect(within(screen.getByRole('region', { name: '科技创新分会' })).getByText('2 人')).toBeTruthy();
    expect(api.callsTo(apiPaths.contentMembers)[0]?.url.searchParams.get('groupBy')).toBe('subdivision');

    await act(async () => fireEvent.click(screen.getByText('按地区')));
    await waitFor(() => expect(groupTitles()).toEqual(['上海', '北京']));
    expect(api.callsTo(apiPaths.contentMembers).at(-1)?.url.searchParams.get('groupBy')).toBe('region');
  });

  test('search box "搜索会员": sends q after a pause, shows only the hits; no hits → the empty sentence', async () => {
    const api = directoryServer();
    await renderApp(routes.homeIntro.memberList);
    await screen.findByText('张伟');
    fireEvent.change(screen.getByLabelText('搜索会员'), { target: { value: '王' } });
    await waitFor(() => expect(screen.queryByText('张伟')).toBeNull());
    expect(screen.getByText('王芳')).toBeTruthy();
    const searched = api.callsTo(apiPaths.contentMembers).map((c) => c.url.searchParams.get('q'));
    expect(searched).toContain('王');
    // one request for the pause, not one per keystroke
    expect(searched.filter((q) => q !== null)).toEqual(['王']);

    fireEvent.change(screen.getByLabelText('搜索会员'), { target: { value: '不存在的人' } });
    expect(await screen.findByText('没有找到与“不存在的人”相关的会员')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '清除搜索' })));
    expect(await screen.findByText('张伟')).toBeTruthy();
  });

  test('empty directory and a failing one', async () => {
    stubApi({
      [apiPaths.contentMembers]: ok(page([])),
      [apiPaths.contentSubdivisions]: ok({ items: [] }),
      [apiPaths.contentMemberRegions]: ok({ items: [] }),
    });
    await renderApp(routes.memberlist.index);
    expect(await screen.findByText('暂无会员')).toBeTruthy();
  });

  test('a failing directory: 加载失败 and 重试', async () => {
    let broken = true;
    stubApi({
      [apiPaths.contentMembers]: () => (broken ? { status: 502, body: {} } : ok(page(people))),
      [apiPaths.contentSubdivisions]: ok({ items: [] }),
      [apiPaths.contentMemberRegions]: ok({ items: [] }),
    });
    await renderApp(routes.memberlist.index);
    expect(await screen.findByText('加载失败', {}, { timeout: 8000 })).toBeTruthy();
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByText('李晓明')).toBeTruthy();
  });

  test('?subdivisionId= narrows the list and says so', async () => {
    const api = directoryServer();
    await renderApp(`${routes.memberlist.index}?subdivisionId=s2`);
    await screen.findByText('张伟');
    expect(api.callsTo(apiPaths.contentMembers)[0]?.url.searchParams.get('subdivisionId')).toBe('s2');
    expect(await screen.findByText('仅显示：文化传媒分会')).toBeTruthy();
  });
});

describe('member profile (pages/memberlist/detail)', () => {
  test('shows what was published; what was not is absent; never a mobile or ID number', async () => {
    stubApi({
      [apiPaths.contentMember]: ok(
        member({ id: 'm2', name: '王芳', organization: null, title: null, bio: '热心公益。', region: '上海' }),
      ),
    });
    await renderApp(`${routes.memberlist.detail}?id=m2`);
    expect(await screen.findByRole('heading', { name: '王芳' })).toBeTruthy();
    expect(screen.getByText('上海')).toBeTruthy();
    expect(screen.getByText('热心公益。')).toBeTruthy();
    expect(screen.queryByText('工作单位')).toBeNull();
    expect(screen.queryByText('职务')).toBeNull();
    expect(screen.getByText('仅展示会员本人同意公开的信息')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/1[3-9]\d{9}/);
  });

  test('unknown member: 内容不存在或已下线', async () => {
    stubApi({ [apiPaths.contentMember]: fail('内容不存在', 4040) });
    await renderApp(`${routes.memberlist.detail}?id=nobody`);
    expect(await screen.findByText('内容不存在或已下线')).toBeTruthy();
  });
});

describe('groupMembers', () => {
  test('a new group starts whenever the key changes between rows', () => {
    const groups = groupMembers(
      [member({ id: '1', region: '北京' }), member({ id: '2', region: '北京' }), member({ id: '3', region: '' })],
      'region',
    );
    expect(groups.map((g) => [g.label, g.members.length])).toEqual([
      ['北京', 2],
      ['其他地区', 1],
    ]);
    expect(groupMembers([member({ subdivisionId: null, subdivisionName: null })], 'subdivision')[0]?.label).toBe('未分配分会');
  });
});
