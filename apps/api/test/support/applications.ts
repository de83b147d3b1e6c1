/** Valid application forms, real uploads and row counts for the applications tests. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  apiPaths,
  type CompanyForm,
  factsOfIdNumber,
  idNumberCheckDigit,
  type MemberForm,
  type PersonForm,
  type RankUserForm,
  type UploadedFile,
  usccCheckChar,
  type WorkForm,
} from '@qgw/contracts';
import type { Database } from '../../src/db/schema.js';
import { seedDemoProgramme } from '../../src/db/seed-programme.js';
import type { TestClock } from './test-app.js';
import { data, get, type TestUser } from './api.js';

let idSeq = 0;
/**
 * A valid ID number no other call in this process returns, of someone inside the programme's
 * default age range (born 1 January 32 years ago + n days).
 */
export function uniqueIdNumber(): string {
  idSeq++;
  const born = new Date(Date.UTC(new Date().getUTCFullYear() - 32, 0, 1) + idSeq * 86_400_000);
  const ymd = born.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `110101${ymd}${String(idSeq % 1000).padStart(3, '0')}`;
  return `${first17}${idNumberCheckDigit(first17)}`;
}

export const birthOf = (id: string) => `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;

/** A valid unified social credit code. */
export function validUscc(): string {
  const first17 = `91110108${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return `${first17}${usccCheckChar(first17)}`;
}

export function personalInfo(idNumber = uniqueIdNumber()) {
  return {
    name: '张青',
    // what the number carries (the server refuses a contradiction); a test's invalid number keeps these
    gender: factsOfIdNumber(idNumber)?.gender ?? ('female' as const),
    birthDate: birthOf(idNumber),
    idNumber,
    politicalStatus: '共青团员' as const,
    education: '本科' as const,
    organization: '青城科技有限公司',
    position: '工程师',
    region: '北京市东城区',
    contactMobile: '13812341234',
  };
}

export const rankUserForm = (photo: string, video: string, idNumber?: string): RankUserForm => ({
  ...personalInfo(idNumber),
  intro: '长期从事青年科技创新工作，带领团队完成攻关。',
  achievements: '主持研发社区智能养老平台，服务两万名老人。',
  photo,
  video,
});

export const memberForm = (photo: string, idNumber?: string): MemberForm => ({
  ...personalInfo(idNumber),
  reason: '希望加入青工委，为青年发展贡献力量。',
  photo,
});

export const personForm = (photo: string, idNumber?: string): PersonForm => ({
  ...personalInfo(idNumber),
  photo,
  resume: '2012 年至今在青城科技从事研发工作。',
  achievements: '获评市级青年岗位能手，带领团队获奖。',
});

export const workForm = (themeId: string, photos: string[], video?: string): WorkForm => ({
  themeId,
  title: '社区智能养老平台',
  description: '面向社区老人的智能照护平台，连接家庭与社区服务。',
  team: [{ name: '张青', role: '负责人' }],
  photos,
  ...(video ? { video } : {}),
});

export const companyForm = (license: string): CompanyForm => ({
  companyName: '青城科技有限公司',
  uscc: validUscc(),
  legalRepresentative: '李明',
  contactName: '王芳',
  contactMobile: '13912341234',
  address: '北京市海淀区中关村大街1号',
  industry: '信息技术',
  description: '专注社区养老与智慧城市的科技企业。',
  license,
});

/** The smallest well-formed PNG (1×1). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An MP4 file's start: an ftyp box (brand isom) followed by padding. */
export function tinyMp4(size = 2048): Buffer {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.writeUInt32BE(0x200, 12);
  buf.write('isomiso2', 16, 'latin1');
  return buf;
}

/** Uploads an image through the real endpoint; answers its file id. */
export async function uploadImage(app: FastifyInstance, token: string, purpose = 'photo'): Promise<string> {
  const boundary = 'testboundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1x1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `${apiPaths.uploadImage}?purpose=${purpose}`,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const body = res.json() as { success: boolean; message: UploadedFile | string };
  if (!body.success) throw new Error(`image upload failed: HTTP ${res.statusCode} ${JSON.stringify(body)}`);
  return (body.message as UploadedFile).id;
}

/** Uploads a video through the real tus endpoint in one PATCH; answers its file id. */
export async function uploadVideo(app: FastifyInstance, token: string, bytes = tinyMp4()): Promise<string> {
  const tus = { 'tus-resumable': '1.0.0', authorization: token };
  const created = await app.inject({
    method: 'POST',
    url: apiPaths.uploadVideo,
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')},filename ${Buffer.from('v.mp4').toString('base64')}`,
    },
  });
  const location = created.headers.location;
  if (created.statusCode !== 201 || typeof location !== 'string') {
    throw new Error(`video upload create failed: HTTP ${created.statusCode} ${created.body}`);
  }
  const path = location.startsWith('http') ? new URL(location).pathname : location;
  const patched = await app.inject({
    method: 'PATCH',
    url: path,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  if (patched.statusCode !== 204) throw new Error(`video upload patch failed: HTTP ${patched.statusCode} ${patched.body}`);
  return path.split('/').pop()!;
}

/** The demo programme (open now by the test clock) and its themes, through the real seed code. */
export async function seedProgramme(db: Kysely<Database>, clock: TestClock): Promise<void> {
  await seedDemoProgramme(db, clock.now, { applicantMobile: 'nobody' });
}

export async function themeIds(app: FastifyInstance): Promise<string[]> {
  return data(await get<Array<{ id: string }>>(app, apiPaths.getThemes)).map((t) => t.id);
}

/** Rows of the tables an application request may write, to prove a refused one wrote nothing. */
export async function applicationCounts(db: Kysely<Database>) {
  const count = async (t: 'applications' | 'audit_log' | 'files') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const updated = await db.selectFrom('applications').select(['id', 'version', 'status', 'updated_at']).orderBy('id').execute();
  return { applications: await count('applications'), audit: await count('audit_log'), files: await count('files'), rows: updated };
}

/** Uploads what every kind of form needs for one user. */
export async function uploadsFor(app: FastifyInstance, u: TestUser) {
  const [photo, photo2, license, video] = [
    await uploadImage(app, u.token, 'photo'),
    await uploadImage(app, u.token, 'work'),
    await uploadImage(app, u.token, 'license'),
    await uploadVideo(app, u.token),
  ];
  return { photo, photo2, license, video };
}
