/**
 * A rank-user application submitted through the real API (login, photo by multipart, video by tus,
 * rankUserApply), for journeys whose subject is what happens after the submission: the form itself
 * is covered, step by step, by applications-rank-user.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiPaths, appConstants, type PersonForm, type RankUserForm } from '@qgw/contracts';
import type { TestUser } from './app.js';
import { mediaFiles, samplePerson } from './applications.js';

interface Envelope<T> {
  success: boolean;
  code: number;
  message: T;
}

async function okBody<T>(res: { status(): number; json(): Promise<unknown> }, what: string): Promise<T> {
  expect(res.status(), `${what}: HTTP status`).toBe(200);
  const body = (await res.json()) as Envelope<T>;
  expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  return body.message;
}

/** Logs in through the API and answers the session token. */
export async function apiToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post(apiPaths.login, {
    data: { mobile: user.mobile, password: user.password, ...appConstants.fixedRequestFields },
  });
  return (await okBody<{ token: string }>(res, 'login')).token;
}

/** Uploads the sample ID photo as `token`'s user; answers its file id. */
export async function uploadPhoto(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post(`${apiPaths.uploadImage}?purpose=photo`, {
    headers: { Authorization: token },
    multipart: { file: { name: '证件照.png', mimeType: 'image/png', buffer: readFileSync(mediaFiles().photoPng) } },
  });
  return (await okBody<{ id: string }>(res, 'photo upload')).id;
}

/** One tus creation and one PATCH with the whole file (the resumable path is covered elsewhere). */
async function uploadVideo(request: APIRequestContext, token: string): Promise<string> {
  const bytes = readFileSync(mediaFiles().videoMp4);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const tus = { 'Tus-Resumable': '1.0.0', Authorization: token };
  const created = await request.post(apiPaths.uploadVideo, {
    headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filetype ${b64('video/mp4')},filename ${b64('介绍.mp4')}` },
  });
  expect(created.status(), 'video upload created').toBe(201);
  const location = created.headers()['location'];
  expect(location, 'the upload has an address').toBeTruthy();
  const path = new URL(location ?? '', 'http://x').pathname;
  const patched = await request.patch(path, {
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), 'video upload finished').toBe(204);
  return path.split('/').pop() ?? '';
}

type IdentityField =
  | 'name' | 'gender' | 'birthDate' | 'idNumber' | 'politicalStatus' | 'education' | 'organization' | 'position' | 'region' | 'contactMobile';

/** The identity and contact fields a rank-user entry and a person entry (个人申报) share, filled in for `name`. */
export function sampleIdentityFields(name: string): Pick<RankUserForm, IdentityField> & Pick<PersonForm, IdentityField> {
  const p = samplePerson({ name });
  return {
    name,
    gender: p.identity.gender === '男' ? 'male' : 'female',
    birthDate: p.identity.birthDate,
    idNumber: p.identity.idNumber,
    politicalStatus: '共青团员',
    education: '本科',
    organization: p.organization,
    position: p.position,
    region: p.region.join(''),
    contactMobile: p.contactMobile,
  };
}

/** Submits a complete rank-user application in `name`'s name for `user`; answers its id. */
export async function submitRankUserViaApi(request: APIRequestContext, user: TestUser, name: string): Promise<string> {
  const token = await apiToken(request, user);
  const form: RankUserForm = {
    ...sampleIdentityFields(name),
    intro: '长期扎根智能制造一线，带领青年突击队完成多项技术攻关。',
    achievements: '主持研发的产线视觉检测系统将缺陷漏检率降低至千分之一。',
    photo: await uploadPhoto(request, token),
    video: await uploadVideo(request, token),
  };
  const res = await request.post(apiPaths.submit, {
    headers: { Authorization: token },
    data: { ...form, ...appConstants.fixedRequestFields },
  });
  return (await okBody<{ id: string }>(res, 'rank-user submission')).id;
}
