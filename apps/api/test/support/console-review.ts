/**
 * The review console's tests share this world: an open programme, admins and reviewers with
 * console-verified sessions (real TOTP enrolment), rubrics configured through the admin endpoint,
 * and applications submitted by applicants through the real endpoints.
 */
import type { FastifyInstance } from 'fastify';
import {
  type ApplicationKind, applicationKinds, apiPaths, type ConsoleAssignResponse, type ConsoleRubricsResponse, reviewLimits, type PersonForm, type Rubric,
  type RubricCriterionInput, type SubmitResponse,
} from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './api.js';
import { personForm, rankUserForm, seedProgramme, uploadImage, uploadsFor } from './applications.js';
import { type ConsoleUser, newConsoleUser } from './console.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface ReviewWorld {
  admin: ConsoleUser;
  reviewer: ConsoleUser;
  reviewer2: ConsoleUser;
}

export const rubricCriteria: RubricCriterionInput[] = [
  { name: '创新性', description: '', weight: 50, maxScore: 10 },
  { name: '影响力', description: '', weight: 30, maxScore: 10 },
  { name: '完整性', description: '', weight: 20, maxScore: 5 },
];

/** Saves a kind's rubric through the admin endpoint; answers the criteria ids in order. */
export async function setRubric(app: FastifyInstance, adminToken: string, kind: ApplicationKind, criteria = rubricCriteria): Promise<string[]> {
  const saved = data(await post<{ criteria: Array<{ id: string }> }>(app, apiPaths.consoleRubrics, { kind, criteria }, { token: adminToken }));
  return saved.criteria.map((c) => c.id);
}

/** A criterion as the rubric endpoint takes it: with its id, it is the same criterion changed. */
export type CriterionBody = RubricCriterionInput & { id?: string };

/** The rubric suites' start: a test app with the review world and the person kind's rubric, whose criteria ids it answers. */
export async function createRubricWorld(): Promise<{ t: TestApp; w: ReviewWorld; ids: string[] }> {
  const t = await createTestApp();
  const w = await createWorld(t);
  return { t, w, ids: await setRubric(t.app, w.admin.token, 'person') };
}

/** Saves a kind's rubric as `token`'s user (extra: the save's other fields, e.g. a new version). */
export const saveRubric = (app: FastifyInstance, token: string, kind: string, criteria: CriterionBody[], extra: Record<string, unknown> = {}) =>
  post<Rubric>(app, apiPaths.consoleRubrics, { kind, criteria, ...extra }, { token });

/** A kind's rubric as the admin reads it. */
export const rubricOfKind = async (app: FastifyInstance, adminToken: string, kind: string): Promise<Rubric> =>
  data(await get<ConsoleRubricsResponse>(app, apiPaths.consoleRubrics, {}, { token: adminToken })).find((r) => r.kind === kind)!;

/** The suites' criteria with the saved ids, each changed by `over`. */
export const criteriaWithIds = (ids: readonly string[], over: (c: RubricCriterionInput, i: number) => Partial<CriterionBody> = () => ({})) =>
  rubricCriteria.map((c, i) => ({ ...c, id: ids[i]!, ...over(c, i) }));

/** Records a reviewer's organisation through the admin endpoint. */
export async function setOrganization(app: FastifyInstance, adminToken: string, userId: string, organization: string): Promise<void> {
  data(await post(app, apiPaths.consoleReviewerProfile, { userId, organization }, { token: adminToken }));
}

/**
 * `minReviews`: completed reviews an approve or reject needs before staging, for every kind. The
 * suites that test staging's mechanics decide without reviews, so their world asks for none; the
 * rule itself is proven at the shipped default (console-review-min-reviews.test.ts).
 */
export async function createWorld(t: TestApp, opts: { minReviews?: number } = {}): Promise<ReviewWorld> {
  await seedProgramme(t.db, t.clock);
  const admin = await newConsoleUser(t.app, t.db, t.clock, ['admin']);
  const minReviews = opts.minReviews ?? 0;
  if (minReviews !== reviewLimits.minReviews.default) {
    const perKind = Object.fromEntries(applicationKinds.map((k) => [k, minReviews]));
    data(await post(t.app, apiPaths.consoleProgramme, { minReviews: perKind }, { token: admin.token }));
  }
  const reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  const reviewer2 = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
  await setOrganization(t.app, admin.token, reviewer.id, '评审一单位');
  await setOrganization(t.app, admin.token, reviewer2.id, '评审二单位');
  return { admin, reviewer, reviewer2 };
}

/** A new applicant with a submitted 2024 person entry (one photo). */
export async function submittedPerson(t: TestApp, overrides: Partial<PersonForm> = {}): Promise<{ applicant: TestUser; id: string; form: PersonForm }> {
  const applicant = await newUser(t.app);
  const photo = await uploadImage(t.app, applicant.token, 'photo');
  const form = { ...personForm(photo), ...overrides };
  const s = data(await post<SubmitResponse>(t.app, apiPaths.applyPerson, form, { token: applicant.token }));
  return { applicant, id: s.id, form };
}

/** A new applicant with a submitted rank-user application (photo and video). */
export async function submittedRankUser(t: TestApp): Promise<{ applicant: TestUser; id: string }> {
  const applicant = await newUser(t.app);
  const f = await uploadsFor(t.app, applicant);
  const s = data(await post<SubmitResponse>(t.app, apiPaths.submit, rankUserForm(f.photo, f.video), { token: applicant.token }));
  return { applicant, id: s.id };
}

export async function assign(app: FastifyInstance, adminToken: string, applicationIds: string[], reviewerIds: string[]) {
  return data(await post<ConsoleAssignResponse>(app, apiPaths.consoleAssign, { applicationIds, reviewerIds }, { token: adminToken }));
}

export async function versionOf(app: FastifyInstance, token: string, id: string): Promise<number> {
  return data(await get<{ version: number }>(app, apiPaths.consoleApplication, { id }, { token })).version;
}

/** Row counts of every table a console request may write, to prove a refused one wrote nothing. */
export async function reviewCounts(t: TestApp) {
  const tables = [
    'applications', 'audit_log', 'review_assignments', 'review_conflicts', 'reviews', 'staged_decisions', 'notifications',
    'notification_deliveries', 'notification_outbox',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const r = await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  const versions = await t.db.selectFrom('applications').select(['id', 'version', 'status']).orderBy('id').execute();
  return { ...out, versions: JSON.stringify(versions) };
}
