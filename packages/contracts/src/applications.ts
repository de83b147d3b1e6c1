import { z } from 'zod';
import { ZContactPhone } from './contact-phone.js';
import { factsOfIdNumber, isValidIdNumber, isValidUscc } from './validators.js';

import { applicationKinds, applicationStatuses } from './lifecycle.js';

/** Every kind of application and the one lifecycle they share (docs/requirements.md#lifecycle): lifecycle.ts. */
export const ZApplicationKind = z.enum(applicationKinds);
export const ZApplicationStatus = z.enum(applicationStatuses);

// ---- field building blocks ----------------------------------------------------------------------
const text = (label: string, max: number, min = 1) =>
  z.string({ error: `请填写${label}` }).trim()
    .min(min, { error: min > 1 ? `${label}至少${min}个字` : `请填写${label}` })
    .max(max, { error: `${label}最多${max}个字` });

export const ZPersonName = text('姓名', 30, 2);
export const ZGender = z.enum(['male', 'female'], { error: '请选择性别' });
export const genderLabels = { male: '男', female: '女' } as const;
export const ZIsoDate = z.string({ error: '请选择日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式不正确' });
export const ZIdNumber = z.string({ error: '请填写身份证号码' }).trim().toUpperCase()
  .refine(isValidIdNumber, { error: '身份证号码不正确' });
export const ZUscc = z.string({ error: '请填写统一社会信用代码' }).trim().toUpperCase()
  .refine(isValidUscc, { error: '统一社会信用代码不正确' });
export const educationOptions = ['高中及以下', '大专', '本科', '硕士研究生', '博士研究生'] as const;
export const ZEducation = z.enum(educationOptions, { error: '请选择学历' });
export const politicalOptions = ['中共党员', '中共预备党员', '共青团员', '民主党派', '群众'] as const;
export const ZPolitical = z.enum(politicalOptions, { error: '请选择政治面貌' });
export const industryOptions = [
  '制造业', '信息技术', '金融', '建筑', '交通运输', '能源', '教育', '医疗卫生', '文化传媒', '现代服务业', '农业', '其他',
] as const;
export const ZIndustry = z.enum(industryOptions, { error: '请选择所属行业' });
export const ZEmail = z.string().trim().max(100).email({ error: '邮箱格式不正确' });
/** An uploaded file's id, as answered by the upload endpoints; the server checks it is the caller's. */
export const ZFileRef = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '文件无效，请重新上传' });

/** What a sent form is told when its birth date or gender is not what its ID number says. */
export const idNumberFactsMessages = {
  birthDate: '出生日期与身份证号码不一致',
  gender: '性别与身份证号码不一致',
} as const;

const factKeys = ['idNumber', 'birthDate', 'gender'] as const;

/**
 * A person form whose birth date and gender agree with its ID number: the number is authoritative
 * (the form fills both from it), so a sent form that contradicts it is refused on the contradicted
 * field. Checked once the three fields are each valid, alongside the form's other problems, so a
 * person sees them all at once. Only sending checks it: a draft may hold anything half-typed.
 * (On the sending schemas, not on the forms: a refined object can no longer be made partial.)
 */
export const agreeingWithIdNumber = <S extends z.ZodObject>(schema: S): S =>
  schema.check(
    z.superRefine<Record<string, unknown>>(
      (v, ctx) => {
        const facts = typeof v.idNumber === 'string' ? factsOfIdNumber(v.idNumber) : null;
        if (!facts) return;
        for (const key of ['birthDate', 'gender'] as const) {
          if (typeof v[key] === 'string' && v[key] !== facts[key]) {
            ctx.addIssue({ code: 'custom', path: [key], message: idNumberFactsMessages[key], input: v[key] });
          }
        }
      },
      {
        when: (payload) =>
          typeof payload.value === 'object' && payload.value !== null &&
          !payload.issues.some((i) => factKeys.includes(i.path?.[0] as (typeof factKeys)[number])),
      },
    ),
  );

// ---- forms --------------------------------------------------------------------------------------
/** Personal information shared by the rank-user, membership and 2024 person forms. */
export const ZPersonalInfo = z.object({
  name: ZPersonName,
  gender: ZGender,
  birthDate: ZIsoDate,
  idNumber: ZIdNumber,
  politicalStatus: ZPolitical,
  education: ZEducation,
  organization: text('工作单位', 60),
  position: text('职务', 30),
  region: text('所在地区', 50),
  contactMobile: ZContactPhone,
  email: ZEmail.optional(),
});

export const ZRankUserForm = ZPersonalInfo.extend({
  intro: text('个人简介', 1000, 10),
  achievements: text('主要事迹', 2000, 10),
  photo: ZFileRef,
  video: ZFileRef,
});
export type RankUserForm = z.infer<typeof ZRankUserForm>;

export const ZMemberForm = ZPersonalInfo.extend({
  subdivision: text('意向分会', 30).optional(),
  reason: text('入会理由', 500, 10),
  photo: ZFileRef,
});
export type MemberForm = z.infer<typeof ZMemberForm>;

export const ZPersonForm = ZPersonalInfo.extend({
  photo: ZFileRef,
  resume: text('个人简历', 3000, 10),
  achievements: text('主要成绩', 2000, 10),
});
export type PersonForm = z.infer<typeof ZPersonForm>;

export const ZTeamMember = z.object({ name: ZPersonName, role: text('分工', 30) });
export const ZWorkForm = z.object({
  themeId: z.string({ error: '请选择主题' }).min(1, { error: '请选择主题' }).max(64),
  title: text('作品名称', 50, 2),
  description: text('作品简介', 2000, 10),
  team: z.array(ZTeamMember).max(10, { error: '团队成员最多10人' }),
  photos: z.array(ZFileRef).min(1, { error: '请至少上传1张作品图片' }).max(9, { error: '作品图片最多9张' }),
  video: ZFileRef.optional(),
});
export type WorkForm = z.infer<typeof ZWorkForm>;

export const ZCompanyForm = z.object({
  companyName: text('企业名称', 60, 2),
  uscc: ZUscc,
  legalRepresentative: ZPersonName,
  contactName: ZPersonName,
  contactMobile: ZContactPhone,
  address: text('企业地址', 100),
  industry: ZIndustry,
  description: text('企业简介', 2000, 10),
  license: ZFileRef,
});
export type CompanyForm = z.infer<typeof ZCompanyForm>;

/** The full form of each kind; drafts accept any partial of it. */
export const formOfKind = {
  rank_user: ZRankUserForm,
  membership: ZMemberForm,
  person: ZPersonForm,
  work: ZWorkForm,
  company: ZCompanyForm,
} as const;
