/** Texts of the committee intro (the tab and pages/homeIntro/index); the introduction itself is content. */
export const introStrings = {
  heading: '青工委介绍',
  lead: '凝聚青年力量，服务青年成长',
  entriesLabel: '快捷入口',
  entries: {
    leaders: '领导班子',
    secretariat: '秘书处',
    subdivisions: '分会',
    documents: '文件',
    directory: '会员名录',
    news: '新闻动态',
  },
  moreHeading: '了解更多',
  linksEntry: '常用链接',
  moreFailed: '更多文章加载失败，点击重试',
  missing: '介绍内容正在整理中，敬请期待',
} as const;
