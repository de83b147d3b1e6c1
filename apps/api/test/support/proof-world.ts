/**
 * The world the proof suites run in: one app on a fresh database with the demo programme and
 * content, WeChat configured against the local double, and one caller of each kind of the role ×
 * owner matrix (support/proof-catalog.ts) — an applicant who owns a submitted application (assigned
 * to a reviewer), a draft, files, an unfinished video upload and a notification; a second
 * applicant; reviewers assigned and not assigned; an admin; and sessions of the assigned reviewer
 * and of the admin that never passed the second factor.
 */
import { randomUUID } from 'node:crypto';
import { apiPaths } from '@qgw/contracts';
import { isoAt } from '../../src/clock.js';
import { data, login, newUser, post, type TestUser } from './api.js';
import { uploadImage, uploadVideo } from './applications.js';
import type { ConsoleUser } from './console.js';
import { assign, createWorld, setRubric, submittedPerson } from './console-review.js';
import { seedContent } from './content.js';
import type { Caller } from './proof-catalog.js';
import { createTestApp, type TestApp } from './test-app.js';
import { startWechatDouble, type WechatDouble, wechatEnv } from './wechat-double.js';

export interface ProofWorld {
  t: TestApp;
  wx: WechatDouble;
  owner: TestUser;
  other: TestUser;
  admin: ConsoleUser;
  reviewer: ConsoleUser;
  reviewer2: ConsoleUser;
  tokens: Record<Caller, string | undefined>;
  /** the owner's submitted 2024 person entry, assigned to `reviewer` */
  applicationId: string;
  criteria: string[];
  /** the owner's files: a photo and a licence image (not attached to anything), a complete video */
  files: { photo: string; license: string; video: string };
  /** the owner's video upload that is still waiting for bytes (tus) */
  uploadId: string;
  uploadLength: number;
  /** the owner's saved draft of a membership application */
  draftId: string;
  /** an unread notification of the owner */
  notificationId: string;
  close(): Promise<void>;
}

export async function createProofWorld(env: Record<string, string> = {}): Promise<ProofWorld> {
  const wx = await startWechatDouble();
  const t = await createTestApp({
    env: {
      ...wechatEnv(wx),
      EXPORT_PER_MINUTE: '100000',
      ...env,
    },
  });
  try {
    const w = await createWorld(t);
    await seedContent(t);
    const criteria = await setRubric(t.app, w.admin.token, 'person');
    const submitted = await submittedPerson(t);
    const owner = submitted.applicant;
    await assign(t.app, w.admin.token, [submitted.id], [w.reviewer.id]);
    const other = await newUser(t.app);

    const files = {
      photo: await uploadImage(t.app, owner.token, 'photo'),
      license: await uploadImage(t.app, owner.token, 'license'),
      video: await uploadVideo(t.app, owner.token),
    };
    const uploadLength = 4096;
    const created = await t.app.inject({
      method: 'POST',
      url: apiPaths.uploadVideo,
      headers: {
        'tus-resumable': '1.0.0',
        authorization: owner.token,
        'upload-length': String(uploadLength),
        'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    if (created.statusCode !== 201) throw new Error(`proof world: upload not created (${created.statusCode} ${created.body})`);
    const uploadId = String(created.headers.location).split('/').pop() as string;

    const draft = data(await post<{ id: string }>(t.app, apiPaths.saveDraft, { kind: 'membership', data: { name: '张青' } }, { token: owner.token }));

    const notificationId = randomUUID();
    await t.db
      .insertInto('notifications')
      .values({ id: notificationId, user_id: owner.id, application_id: submitted.id, title: '申报结果', body: '您的申报已有结果', created_at: isoAt(t.clock.now()), read_at: null })
      .execute();

    const tokens: Record<Caller, string | undefined> = {
      visitor: undefined,
      owner: owner.token,
      other: other.token,
      reviewer: w.reviewer.token,
      reviewer2: w.reviewer2.token,
      reviewerNo2fa: (await login(t.app, w.reviewer.mobile, w.reviewer.password)).token,
      adminNo2fa: (await login(t.app, w.admin.mobile, w.admin.password)).token,
      admin: w.admin.token,
    };
    return {
      t,
      wx,
      owner,
      other,
      admin: w.admin,
      reviewer: w.reviewer,
      reviewer2: w.reviewer2,
      tokens,
      applicationId: submitted.id,
      criteria,
      files,
      uploadId,
      uploadLength,
      draftId: draft.id,
      notificationId,
      close: async () => {
        await t.close();
        await wx.close();
      },
    };
  } catch (err) {
    await t.close().catch(() => undefined);
    await wx.close().catch(() => undefined);
    throw err;
  }
}
