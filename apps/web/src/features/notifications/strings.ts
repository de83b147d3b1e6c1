/** Every text of the applicant's in-app notifications. */
export const notificationStrings = {
  entry: '消息通知',
  unread: (n: number) => `${n} 条未读`,
  title: '消息通知',
  close: '关闭',
  readAll: '全部已读',
  empty: '暂无消息',
  loading: '加载中',
  loadFailed: '消息加载失败',
  loadMore: '加载更多',
  unreadMark: '未读',
  viewApplication: '查看申报',
};
