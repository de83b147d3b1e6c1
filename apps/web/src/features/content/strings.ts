import type { ArticleCategory } from '@qgw/contracts';

/** Every text of the committee-content screens (articles, people, subdivisions, directory, web view). */
export const contentStrings = {
  loading: '加载中',
  empty: '暂无内容',
  noMore: '没有更多了',
  loadMoreFailed: '加载失败，点击重试',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放立即刷新',
  refreshing: '刷新中…',
  refreshed: '刷新成功',
  notFound: '内容不存在或已下线',
  notFoundHint: '请返回上一页查看其他内容',

  // articles
  categoryTitle: {
    intro: '青工委介绍',
    news: '新闻动态',
    document: '文件',
    programme: '青年创新榜',
    award: '奖项设置',
  } satisfies Record<ArticleCategory, string>,
  articleTitle: '文章详情',
  documentTitle: '文件详情',
  articlesEmpty: '暂无文章',
  articlesEmptyHint: '新的动态发布后会显示在这里',
  documentsEmpty: '暂无文件',
  documentsEmptyHint: '公开的文件发布后会显示在这里',
  publishedOn: (date: string) => `发布于 ${date}`,
  attachments: '附件',
  attachmentCount: (n: number) => `附件 ${n} 个`,
  download: '下载',
  awardQuota: (n: number) => `名额 ${n} 个`,

  // people
  leadersTitle: '领导班子',
  secretariatTitle: '秘书处',
  leadersEmpty: '暂无领导班子信息',
  secretariatEmpty: '暂无秘书处信息',
  expand: '展开',
  collapse: '收起',

  // subdivisions
  subdivisionsTitle: '分会',
  subdivisionsEmpty: '暂无分会',
  memberCount: (n: number) => `${n} 名会员`,
  subdivisionMembers: '分会成员',
  subdivisionNoMembers: '该分会暂无公开的会员',
  subdivisionAllMembers: (n: number) => `查看全部 ${n} 名会员`,

  // member directory
  directoryTitle: '会员名录',
  searchLabel: '搜索会员',
  searchPlaceholder: '姓名、单位或职务',
  clearSearch: '清除搜索',
  groupingLabel: '分组方式',
  groupBySubdivision: '按分会',
  groupByRegion: '按地区',
  noSubdivision: '未分配分会',
  noRegion: '其他地区',
  groupCount: (n: number) => `${n} 人`,
  directoryEmpty: '暂无会员',
  directoryEmptyHint: '会员信息公开后会显示在这里',
  searchEmpty: (q: string) => `没有找到与“${q}”相关的会员`,
  searchEmptyHint: '换个关键词试试',
  filteredBy: (name: string) => `仅显示：${name}`,
  clearFilter: '查看全部',

  // member detail
  memberTitle: '会员信息',
  memberSubdivision: '所属分会',
  memberRegion: '所在地区',
  memberOrganization: '工作单位',
  memberPosition: '职务',
  memberBio: '个人简介',
  memberPrivacy: '仅展示会员本人同意公开的信息',

  // web view (pages/common/webview) and links (pages/common/index)
  webviewTitle: '网页',
  webviewChecking: '正在检查链接',
  leaveTitle: '即将离开青工委服务平台',
  leaveHint: '您将访问以下外部网站，其内容不由本平台提供，请注意保护个人信息和财产安全。',
  leaveContinue: '继续访问',
  leaveBack: '返回',
  invalidTitle: '链接无效',
  invalidHint: '该链接无法打开，请确认链接地址是否正确。',
  openInBrowser: '在浏览器中打开',
  webviewFallback: '页面无法显示？',
  linksTitle: '常用链接',
  linksEmpty: '暂无常用链接',
  linksHint: '以下网站可在平台内直接打开',
} as const;

export type ContentStrings = typeof contentStrings;
