import { z } from 'zod';
import { programmePhases } from './lifecycle.js';
import { ZMobile } from './accounts.js';
import {
  agreeingWithIdNumber,
  ZApplicationKind, ZApplicationStatus, ZCompanyForm, ZMemberForm, ZPersonForm, ZRankUserForm, ZWorkForm,
} from './applications.js';

/** One entry of an application's timeline (from the audit log of its transitions). */
export const ZTimelineEntry = z.object({
  status: ZApplicationStatus,
  at: z.string(),
  /** the reason given with a return, rejection or withdrawal */
  note: z.string().nullable(),
});

/** An application as its owner sees it. `data` holds the form; the ID number is masked unless editable. */
export const ZApplicationViewOf = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    id: z.string(),
    kind: ZApplicationKind,
    status: ZApplicationStatus,
    /** optimistic concurrency: send it back with an update */
    version: z.number().int(),
    data,
    /** the reviewer's reason for a return or rejection, shown to the applicant */
    reason: z.string().nullable(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    timeline: z.array(ZTimelineEntry),
    /** file id → short-lived signed URL, for every file the form refers to (img/video src) */
    fileUrls: z.record(z.string(), z.string()),
  });

export const ZApplicationSummary = z.object({
  id: z.string(),
  kind: ZApplicationKind,
  status: ZApplicationStatus,
  title: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** the year of the season it was entered in; null for what belongs to no season (membership) */
  seasonYear: z.number().int().nullable().optional(),
});
export type ApplicationSummary = z.infer<typeof ZApplicationSummary>;

/**
 * The ID number as an owner's view carries it: in full while the application is editable, masked
 * (1101**********1234, see maskIdNumber) otherwise — so views do not re-check the check digit.
 */
export const ZShownIdNumber = z.string().max(18);
const shownId = { idNumber: ZShownIdNumber.optional() };
/**
 * A form's contact phone as a view carries it: in full to the application's owner, masked
 * (138****1234, 010-****5678, see maskPhone) to a reviewer or admin looking it up outside the console.
 */
export const ZShownMobile = z.string().regex(/^(?:1\d{2}(?:\d{4}|\*{4})\d{4}|0\d{2,3}-(?:\d{3,4}|\*{3,4})\d{4}(?:-\d{1,6})?)$/);

const ZUpdateMeta = z.object({ id: z.string().min(1).max(64), version: z.number().int().nonnegative() });
/** submit may promote a server-side draft */
const ZSubmitMeta = z.object({ draftId: z.string().min(1).max(64).optional() });

// ---- rank-user (seed: submit, update, getRankUser) ----------------------------------------------
export const ZGetRankUserRequest = z.object({ mobile: ZMobile, type: z.enum(['check', 'info']) });
export type GetRankUserRequest = z.infer<typeof ZGetRankUserRequest>;
export const ZRankUserView = ZApplicationViewOf(ZRankUserForm.partial().extend({ ...shownId, contactMobile: ZShownMobile.optional() }));
/** type=check, code 0: the approved application and all the user's applications */
export const ZRankUserCheckResponse = z.object({ rankUser: ZRankUserView, postList: z.array(ZApplicationSummary) });
/** type=info: the user's latest rank-user application, or null */
export const ZRankUserInfoResponse = z.object({ rankUser: ZRankUserView.nullable() });
/**
 * Every success `message` of getRankUserInfo: type=info → ZRankUserInfoResponse; type=check →
 * code 0 ZRankUserCheckResponse, code 9002 the application's summary, code 9001 the draft's summary or null.
 */
export const ZGetRankUserResponse = z.union([ZRankUserCheckResponse, ZRankUserInfoResponse, ZApplicationSummary, z.null()]);

export const ZRankUserApplyRequest = agreeingWithIdNumber(ZRankUserForm.extend(ZSubmitMeta.shape));
export const ZRankUserUpdateRequest = agreeingWithIdNumber(ZRankUserForm.extend(ZUpdateMeta.shape));
/** submit / update answer: success with code 9002 (submitted), so the client opens checkStatus?status=9002 */
export const ZSubmitResponse = z.object({ id: z.string(), status: ZApplicationStatus, version: z.number().int() });
export type SubmitResponse = z.infer<typeof ZSubmitResponse>;

// ---- membership ----------------------------------------------------------------------------------
export const ZMemberApplyRequest = agreeingWithIdNumber(ZMemberForm.extend(ZSubmitMeta.shape));
export const ZMemberUpdateRequest = agreeingWithIdNumber(ZMemberForm.extend(ZUpdateMeta.shape));
export const ZMemberView = ZApplicationViewOf(ZMemberForm.partial().extend(shownId));
export const ZGetMemberInfoResponse = z.object({ member: ZMemberView.nullable() });

// ---- 2024 person entry ---------------------------------------------------------------------------
export const ZApplyPersonRequest = agreeingWithIdNumber(ZPersonForm.extend(ZSubmitMeta.shape));
export const ZUpdateApplyPersonRequest = agreeingWithIdNumber(ZPersonForm.extend(ZUpdateMeta.shape));
export const ZPersonView = ZApplicationViewOf(ZPersonForm.partial().extend(shownId));
export const ZGetPersonInfoResponse = z.object({ person: ZPersonView.nullable() });

// ---- works ---------------------------------------------------------------------------------------
export const ZTheme = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type Theme = z.infer<typeof ZTheme>;
export const ZGetThemesResponse = z.array(ZTheme);
export const ZAddWorkRequest = ZWorkForm.extend(ZSubmitMeta.shape);
export const ZUpdateWorkRequest = ZWorkForm.extend(ZUpdateMeta.shape);
export const ZWorkView = ZApplicationViewOf(ZWorkForm.partial());
export const ZGetWorksResponse = z.array(ZApplicationSummary);
export const ZGetWorkRequest = z.object({ id: z.string().min(1).max(64) });
export const ZGetWorkResponse = ZWorkView;

// ---- company -------------------------------------------------------------------------------------
export const ZApplyCompanyRequest = ZCompanyForm.extend(ZSubmitMeta.shape);
export const ZUpdateApplyCompanyRequest = ZCompanyForm.extend(ZUpdateMeta.shape);
export const ZCompanyView = ZApplicationViewOf(ZCompanyForm.partial());
export const ZGetCompanyInfoResponse = z.object({ company: ZCompanyView.nullable() });

// ---- drafts and withdrawal (every kind) ---------------------------------------------------------
export const ZSaveDraftRequest = z.object({
  kind: ZApplicationKind,
  /** omitted for a new draft */
  id: z.string().min(1).max(64).optional(),
  /** any part of the kind's form; checked in full only on submit */
  data: z.record(z.string(), z.unknown()),
});
export const ZSaveDraftResponse = z.object({ id: z.string(), version: z.number().int(), savedAt: z.string() });
export const ZGetDraftRequest = z.object({ kind: ZApplicationKind, id: z.string().min(1).max(64).optional() });
export const ZGetDraftResponse = z
  .object({ id: z.string(), version: z.number().int(), data: z.record(z.string(), z.unknown()), savedAt: z.string() })
  .nullable();
export const ZWithdrawRequest = z.object({
  id: z.string().min(1).max(64),
  reason: z.string().trim().min(2, { error: '请填写撤回原因' }).max(200, { error: '撤回原因最多200个字' }),
});
export const ZWithdrawResponse = ZSubmitResponse;

/** GET myApplications: the caller's applications of every kind, newest first (drafts included). */
export const ZMyApplicationsRequest = z.object({});
export const ZMyApplicationsResponse = z.array(ZApplicationSummary);

/**
 * GET getPrefill {kind}: what a new application of `kind` may start from — only ever the caller's
 * own. `fields` are the person's details, each from the newest of their applications that has it
 * (the contact mobile falls back to the account's own); the ID number is given in full, as the
 * owner typed it, because it fills an editable form. `previous` is the caller's last sent
 * application of the kind (never a draft), its answers offered as 沿用上次填写的内容 — without
 * uploaded files, which stay with the application they were sent with.
 */
export const ZPrefillRequest = z.object({ kind: ZApplicationKind });
export const prefillFieldKeys = [
  'name', 'gender', 'birthDate', 'idNumber', 'politicalStatus', 'education',
  'organization', 'position', 'region', 'contactMobile', 'email',
] as const;
export const ZPrefillFields = z.object(
  Object.fromEntries(prefillFieldKeys.map((k) => [k, z.string().optional()])) as Record<(typeof prefillFieldKeys)[number], z.ZodOptional<z.ZodString>>,
);
export type PrefillFields = z.infer<typeof ZPrefillFields>;
export const ZPrefillResponse = z.object({
  fields: ZPrefillFields,
  previous: z
    .object({
      id: z.string(),
      status: ZApplicationStatus,
      submittedAt: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
    })
    .nullable(),
});
export type PrefillResponse = z.infer<typeof ZPrefillResponse>;

// ---- programme status -----------------------------------------------------------------------------
export const ZProgrammePhase = z.enum(programmePhases);
export const ZGetCurrentStatusResponse = z.object({
  year: z.number().int(),
  name: z.string(),
  phase: ZProgrammePhase,
  opensAt: z.string(),
  closesAt: z.string(),
  reviewEndsAt: z.string(),
  resultsAt: z.string(),
  /** who may enter as a person (创新榜 and the person entry): ages minAge–maxAge on onDate (eligibility.ts) */
  ageRange: z.object({ minAge: z.number().int(), maxAge: z.number().int(), onDate: z.string() }),
});
export type CurrentStatus = z.infer<typeof ZGetCurrentStatusResponse>;
export const ZGetApplyStatusResponse = z.object({
  person: ZApplicationSummary.nullable(),
  company: ZApplicationSummary.nullable(),
  works: z.array(ZApplicationSummary),
  /** the caller's live entries of earlier seasons, newest first, each with its seasonYear */
  earlier: z.array(ZApplicationSummary).optional(),
});
export type GetApplyStatusResponse = z.infer<typeof ZGetApplyStatusResponse>;

// ---- uploads ---------------------------------------------------------------------------------------
export const uploadPurposes = ['photo', 'work', 'license'] as const;
export const ZUploadImageFields = z.object({ purpose: z.enum(uploadPurposes) });
export const ZUploadedFile = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof ZUploadedFile>;
