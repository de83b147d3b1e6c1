import { type ArticleCategory, contentSlugs, type LeaderGroup } from '@qgw/contracts';

/**
 * The demo committee: what a fresh `npm start` shows before an admin has written anything.
 * Invented people and organisations; realistic enough to try every screen (search, grouping,
 * scrolling, downloads) on.
 */

export interface SeedArticle {
  category: ArticleCategory;
  slug?: string;
  title: string;
  summary: string;
  /** HTML; goes through the same sanitiser as an admin's edit */
  body: string;
  /** files under uploads/content (name → text) */
  attachments?: { name: string; file: string; text: string }[];
  award?: { quota: number; prize: string };
  /** days before the seed date it was published */
  daysAgo: number;
}

export const seedArticles: SeedArticle[] = [
  {
    category: 'intro',
    slug: contentSlugs.intro,
    title: '青工委简介',
    summary: '青年工作委员会是联系和服务广大青年工作者的群众性组织。',
    daysAgo: 120,
    body: `<p>青年工作委员会（简称“青工委”）成立于 2015 年，是在共青团组织指导下，由各行业青年工作者、青年企业家和青年专家自愿组成的群众性、非营利性组织。</p>
<h2>我们的宗旨</h2>
<p>团结引领青年，服务青年成长，搭建交流合作平台，推动青年在科技创新、乡村振兴、绿色发展、文化传承和社会服务中建功立业。</p>
<h2>主要工作</h2>
<ul><li>组织开展“青年创新榜”等评选推荐活动；</li><li>举办青年人才培训、交流和研讨活动；</li><li>联系各地分会，开展调研并反映青年诉求；</li><li>推动青年创新成果转化与公益项目落地。</li></ul>
<p>目前青工委下设五个专业分会，会员遍布全国二十余个省、自治区、直辖市。</p>`,
  },
  {
    category: 'intro',
    slug: contentSlugs.structure,
    title: '组织架构',
    summary: '会员代表大会、委员会、主任办公会和秘书处。',
    daysAgo: 119,
    body: `<p>青工委的最高权力机构是会员代表大会，每五年召开一次。会员代表大会闭会期间，由委员会执行其决议。</p>
<h2>领导机构</h2>
<p>委员会设主任一名、副主任若干名，主任办公会负责日常重大事项的决策。</p>
<h2>办事机构</h2>
<p>秘书处是青工委的常设办事机构，设秘书长一名、副秘书长若干名，负责会员服务、活动组织和对外联络。</p>
<h2>专业分会</h2>
<p>青工委下设科技创新、乡村振兴、绿色发展、文化传承和社会服务五个专业分会，分会在委员会领导下开展工作。</p>`,
  },
  {
    category: 'intro',
    slug: contentSlugs.charter,
    title: '青工委章程',
    summary: '2023 年第二次会员代表大会修订通过。',
    daysAgo: 118,
    body: `<h2>第一章 总则</h2>
<p>第一条 本会名称为青年工作委员会。</p>
<p>第二条 本会是由青年工作者自愿结成的群众性、非营利性组织。</p>
<h2>第二章 业务范围</h2>
<p>第三条 本会的业务范围：（一）开展青年人才评选推荐；（二）组织培训交流；（三）开展调查研究；（四）承办有关部门委托的其他事项。</p>
<h2>第三章 会员</h2>
<p>第四条 拥护本会章程、年龄在四十周岁以下、在本行业内有一定影响的青年工作者，可申请加入本会。</p>
<p>第五条 会员享有选举权、被选举权和表决权，享有参加本会活动、获得本会服务的权利。</p>`,
  },
  {
    category: 'news',
    title: '2024 青年创新榜申报工作正式启动',
    summary: '个人、作品、单位三类申报同步开放，申报截止前均可在线修改。',
    daysAgo: 28,
    body: `<p>经主任办公会研究，2024 青年创新榜申报工作正式启动。本届评选设个人、作品、单位三个类别，申报人可通过本平台在线填写资料、上传作品图片和视频。</p>
<p>申报截止前，已提交的材料退回修改后可再次提交。详细流程请查看<a href="#/pages/cxb/process">申报流程</a>。</p>`,
  },
  {
    category: 'news',
    title: '科技创新分会赴深圳开展青年人才调研',
    summary: '走访 6 家科技企业，座谈交流青年研发人员成长路径。',
    daysAgo: 21,
    body: `<p>近日，科技创新分会组织调研组赴深圳，先后走访 6 家科技企业和 2 家新型研发机构，与 40 余名青年研发人员座谈。</p>
<p>调研组表示，将围绕青年科技人才的培养、评价和激励，形成调研报告并提出工作建议。</p>`,
  },
  {
    category: 'news',
    title: '乡村振兴分会“青春助农”直播活动圆满结束',
    summary: '三场直播带动农产品销售超过 120 万元。',
    daysAgo: 14,
    body: `<p>乡村振兴分会联合多地青年电商从业者开展“青春助农”直播活动，三场直播累计观看超过 50 万人次，带动农产品销售超过 120 万元。</p>
<p>分会将继续组织青年人才下乡，助力特色产业发展。</p>`,
  },
  {
    category: 'news',
    title: '第三期青年工作者能力提升培训班开班',
    summary: '来自全国 18 个省份的 86 名学员参加为期五天的集中培训。',
    daysAgo: 7,
    body: `<p>第三期青年工作者能力提升培训班日前开班，来自全国 18 个省份的 86 名学员参加。培训内容包括政策解读、项目管理、公共沟通和案例研讨。</p>`,
  },
  {
    category: 'news',
    title: '关于开展 2024 年度会员信息核对工作的通知',
    summary: '请各分会于本月底前完成会员信息核对。',
    daysAgo: 3,
    body: `<p>为做好会员服务，请各分会组织会员登录本平台核对个人信息，并确认名录中公开展示的内容。未同意公开的信息不会在会员名录中展示。</p>`,
  },
  {
    category: 'document',
    title: '青工委会员管理办法',
    summary: '会员的入会、权利义务、信息公开与退会。',
    daysAgo: 60,
    body: `<p>本办法依据《青工委章程》制定，适用于青工委全体会员。附件为办法全文，可下载查阅。</p>`,
    attachments: [
      {
        name: '青工委会员管理办法.txt',
        file: 'seed-member-rules.txt',
        text: `青工委会员管理办法

第一条 为规范会员管理，依据《青工委章程》制定本办法。
第二条 申请入会者应当拥护本会章程，年龄在四十周岁以下。
第三条 会员信息仅在会员本人同意的范围内公开；手机号、身份证号等个人信息不予公开。
第四条 会员可以书面申请退会，秘书处应在十五个工作日内办理。
第五条 本办法由秘书处负责解释，自发布之日起施行。
`,
      },
    ],
  },
  {
    category: 'document',
    title: '2024 青年创新榜评选办法',
    summary: '评选范围、条件、程序和纪律要求。',
    daysAgo: 30,
    body: `<p>《2024 青年创新榜评选办法》明确了本届评选的范围、条件、程序和纪律要求，附件为办法全文及申报材料清单。</p>`,
    attachments: [
      {
        name: '2024 青年创新榜评选办法.txt',
        file: 'seed-award-rules-2024.txt',
        text: `2024 青年创新榜评选办法

一、评选范围：年龄在四十周岁以下的青年个人、青年团队的作品，以及青年工作成效突出的单位。
二、评选程序：个人申报、分会推荐、专家评审、结果公示。
三、评选纪律：申报材料应当真实准确，评审专家实行回避制度。
`,
      },
      {
        name: '申报材料清单.txt',
        file: 'seed-application-checklist.txt',
        text: `申报材料清单

1. 个人基本信息（姓名、单位、职务、联系方式）
2. 个人照片一张（JPG/PNG，不超过 5MB）
3. 事迹介绍（不超过 1000 字）
4. 作品图片（最多 9 张）或视频（不超过 300MB）
`,
      },
    ],
  },
  {
    category: 'programme',
    slug: contentSlugs.programmeOverview,
    title: '青年创新榜简介',
    summary: '发现和宣传在各行业中勇于创新、成绩突出的青年。',
    daysAgo: 90,
    body: `<p>“青年创新榜”是青工委的品牌评选活动，每年举办一届。创新榜人物评选面向在科技创新、产业实践、社会服务等领域作出突出贡献的青年，通过个人申报、资格审核和专家评审，选树一批可信、可学的青年创新榜样，并通过平台进行事迹展示与宣传。</p>
<h2>申报对象</h2>
<ol><li>年龄在18至40周岁之间的青年，热爱祖国，遵纪守法，品行端正。</li><li>在本职岗位上取得突出创新成果，或在技术攻关、发明创造、创新创业中表现突出。</li><li>积极参与青年工作与社会公益，在青年群体中具有良好示范作用。</li></ol>
<h2>申报材料</h2>
<ul><li>个人基本信息</li><li>近期免冠证件照 1 张</li><li>个人介绍视频 1 段（1-3 分钟为宜）</li><li>个人简介与主要事迹</li></ul>`,
  },
  {
    category: 'programme',
    slug: contentSlugs.programmeProcess,
    title: '申报流程',
    summary: '阅读须知 → 填写信息 → 上传照片和视频 → 填写事迹 → 提交 → 评审。',
    daysAgo: 89,
    body: `<p>申报全程在线完成，填写内容会自动保存为草稿，可随时中断、在其他设备上继续。</p>
<ol><li><strong>阅读申报须知</strong>：了解申报条件与材料要求。</li>
<li><strong>填写个人信息</strong>：姓名、身份证号码、工作单位等基本信息。</li>
<li><strong>上传照片和视频</strong>：证件照 1 张，个人介绍视频 1 段，支持断点续传。</li>
<li><strong>填写个人事迹</strong>：个人简介与主要事迹。</li>
<li><strong>确认并提交</strong>：预览全部内容，确认无误后提交，提交后可查看审核状态。</li>
<li><strong>审核与评审</strong>：资格审核、专家评审，退回修改的申报可修改后再次提交，结果在平台通知。</li></ol>`,
  },
  ...(
    [
      ['一等奖', 10, '证书及奖金 20000 元', '在全国范围内具有示范引领作用的创新成果。'],
      ['二等奖', 20, '证书及奖金 10000 元', '在本行业内具有较大影响的创新成果。'],
      ['三等奖', 30, '证书及奖金 5000 元', '在本地区、本单位成效明显的创新成果。'],
      ['优秀奖', 50, '荣誉证书', '具有创新意识和发展潜力的青年及作品。'],
    ] as const
  ).map(([title, quota, prize, summary], i): SeedArticle => ({
    category: 'award',
    title,
    summary,
    award: { quota, prize },
    daysAgo: 88 - i,
    body: `<p>${summary}本届评选${title}共 ${quota} 名，获奖者获得${prize}。</p>`,
  })),
];

export const seedLeaders: { group: LeaderGroup; name: string; title: string; bio: string }[] = [
  { group: 'leadership', name: '陈志远', title: '主任', bio: '长期从事青年工作，曾任多家青年组织负责人，主持青工委全面工作。' },
  { group: 'leadership', name: '王晓晴', title: '副主任', bio: '青年企业家，分管科技创新分会和青年创新榜评选工作。' },
  { group: 'leadership', name: '刘建国', title: '副主任', bio: '农业技术推广研究员，分管乡村振兴分会和绿色发展分会。' },
  { group: 'leadership', name: '赵雅琳', title: '副主任', bio: '文化传播学者，分管文化传承分会和社会服务分会。' },
  { group: 'secretariat', name: '孙浩然', title: '秘书长', bio: '负责秘书处日常工作，联系各分会。' },
  { group: 'secretariat', name: '周敏', title: '副秘书长', bio: '负责会员服务与会员信息管理。' },
  { group: 'secretariat', name: '吴天宇', title: '副秘书长', bio: '负责活动组织与对外联络。' },
  { group: 'secretariat', name: '郑可欣', title: '秘书', bio: '负责文件、档案和平台内容维护。' },
];

export const seedSubdivisions: { name: string; description: string }[] = [
  { name: '科技创新分会', description: '联系科技企业、高校和科研院所的青年研发人员，推动青年科技创新。' },
  { name: '乡村振兴分会', description: '服务乡村产业、乡村治理和返乡创业青年。' },
  { name: '绿色发展分会', description: '关注节能降碳、生态保护与循环经济领域的青年实践。' },
  { name: '文化传承分会', description: '团结文化、艺术、非遗领域的青年工作者。' },
  { name: '社会服务分会', description: '联系志愿服务、公益组织和社区工作的青年骨干。' },
];

const regions = ['北京市', '上海市', '广东省', '浙江省', '江苏省', '四川省', '湖北省', '陕西省'] as const;

const names = [
  '李明轩', '张思远', '王雨桐', '刘子涵', '陈嘉怡', '杨浩宇', '黄诗琪', '赵俊杰',
  '吴欣然', '周子豪', '徐梦瑶', '孙宇航', '马晓雯', '朱文博', '胡静怡', '郭志强',
  '何佳琪', '高鹏飞', '林若溪', '罗振华', '郑雅婷', '梁晨阳', '谢欣怡', '宋思齐',
  '唐一鸣', '许婉清', '韩立新', '冯雪莹', '邓子健', '曹琳琳', '彭家豪', '曾诗雨',
  '肖博文', '田甜', '董建伟', '袁梦洁', '潘宇轩', '蒋欣悦', '蔡志鹏', '余晓东',
] as const;

const organizations = [
  ['青城科技有限公司', '研发工程师'], ['华信智能研究院', '项目负责人'], ['长风农业合作社', '理事长'],
  ['绿源环保科技公司', '技术总监'], ['文博数字文化公司', '策划主管'], ['星火志愿服务中心', '主任'],
  ['东湖大学', '副教授'], ['未来城市规划设计院', '高级工程师'],
] as const;

/** 40 members: 8 per subdivision, spread over the regions; most publish their organisation and title. */
export const seedMembers = names.map((name, i) => {
  const [organization, title] = organizations[(i * 3) % organizations.length]!;
  return {
    name,
    subdivisionIndex: Math.floor(i / 8),
    region: regions[i % regions.length]!,
    organization,
    title,
    bio: `${name}，${organization}${title}，青工委会员，长期参与青年创新与志愿服务活动。`,
    consent: { organization: i % 5 !== 4, title: i % 5 !== 4, photo: false, bio: i % 3 === 0 },
  };
});

export const seedWebviewHosts: { host: string; note: string }[] = [
  { host: 'www.gov.cn', note: '中国政府网' },
  { host: 'www.gqt.org.cn', note: '中国共青团网' },
  { host: 'mp.weixin.qq.com', note: '微信公众号文章' },
];
