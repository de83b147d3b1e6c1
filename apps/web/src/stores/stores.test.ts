import { beforeEach, describe, expect, test, vi } from 'vitest';

/** The stores read localStorage when their module loads, so each case loads them afresh. */
async function freshStores() {
  vi.resetModules();
  const [session, member, apply, global] = await Promise.all([
    import('./session.js'),
    import('./member.js'),
    import('./apply.js'),
    import('./global.js'),
  ]);
  return { session, member, apply, global };
}

beforeEach(() => localStorage.clear());

describe('session store (requirements: session state)', () => {
  test('initialised from localStorage: access_token from token; mobile, nickname, new_user, erroMessage from user_info', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem(
      'user_info',
      JSON.stringify({ token: 'tok-1', username: '13812341234', nickname: '小青', new_user: true, erroMessage: '资料待补充', id: 'u' }),
    );
    const { session } = await freshStores();
    const s = session.useSession.getState();
    expect(s.access_token).toBe('tok-1');
    expect(s.mobile).toBe('13812341234');
    expect(s.nickname).toBe('小青');
    expect(s.new_user).toBe(true);
    expect(s.erroMessage).toBe('资料待补充');
    expect(session.isLoggedIn(s)).toBe(true);
  });

  test('a stored mobile field (after a phone change) wins over username', async () => {
    localStorage.setItem('user_info', JSON.stringify({ username: '13800000000', mobile: '13900000000' }));
    const { session } = await freshStores();
    expect(session.useSession.getState().mobile).toBe('13900000000');
  });

  test('nothing stored: empty session, logged out', async () => {
    const { session } = await freshStores();
    const s = session.useSession.getState();
    expect({ ...s, reload: undefined }).toEqual({
      access_token: '',
      mobile: '',
      nickname: '',
      new_user: false,
      erroMessage: '',
      reload: undefined,
    });
    expect(session.isLoggedIn(s)).toBe(false);
  });

  test('reload picks up what was written since', async () => {
    const { session } = await freshStores();
    localStorage.setItem('token', 'later');
    localStorage.setItem('user_info', JSON.stringify({ username: '13812341234', nickname: '后来' }));
    session.useSession.getState().reload();
    expect(session.useSession.getState()).toMatchObject({ access_token: 'later', nickname: '后来', mobile: '13812341234' });
  });
});

describe('in-memory stores (requirements: in-memory state)', () => {
  test('member applyStatus and apply personInfo start as the string "111"', async () => {
    const { member, apply } = await freshStores();
    expect(member.useMemberStore.getState().applyStatus).toBe('111');
    expect(apply.useApplyStore.getState().personInfo).toBe('111');
    member.useMemberStore.getState().setApplyStatus('1001');
    expect(member.useMemberStore.getState().applyStatus).toBe('1001');
  });

  test('global store holds the status-bar height and the work photo', async () => {
    const { global } = await freshStores();
    expect(global.useGlobalStore.getState().statusBarHeight).toBe(0);
    expect(global.useGlobalStore.getState().workPhoto).toBeNull();
    global.useGlobalStore.getState().setStatusBarHeight(44);
    global.useGlobalStore.getState().setWorkPhoto('/v1/photo.png');
    expect(global.useGlobalStore.getState()).toMatchObject({ statusBarHeight: 44, workPhoto: '/v1/photo.png' });
    expect(typeof global.measureStatusBarHeight()).toBe('number');
  });
});
