/** Helpers for the upload tests: multipart image uploads, tus requests over real HTTP, disk state. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { apiPaths, type UploadedFile } from '@qgw/contracts';
import type { Database } from '../../src/db/schema.js';

export interface ImagePart {
  content: Buffer;
  type: string;
  filename?: string;
  /** sent as ?purpose= (default), as a form field before the file, or not at all */
  purpose?: string;
  purposeIn?: 'query' | 'field' | 'none';
  field?: string;
}

export function multipartBody(p: ImagePart, boundary = `----qgwfiles${Date.now()}`): { payload: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  if (p.purposeIn === 'field') {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${p.purpose ?? 'photo'}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'photo.bin'}"\r\n` +
        `Content-Type: ${p.type}\r\n\r\n`,
    ),
    p.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadImage(app: FastifyInstance, token: string | undefined, p: ImagePart): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(p);
  const purposeIn = p.purposeIn ?? 'query';
  return app.inject({
    method: 'POST',
    url: apiPaths.uploadImage,
    query: purposeIn === 'query' ? { purpose: p.purpose ?? 'photo' } : {},
    headers: { 'content-type': contentType, ...(token !== undefined ? { authorization: token } : {}) },
    payload,
  });
}

/** The uploaded file of a successful answer; fails the test otherwise. */
export function uploaded(res: LightMyRequestResponse): UploadedFile {
  const body = res.json() as { success: boolean; message: UploadedFile };
  if (res.statusCode !== 200 || !body.success) throw new Error(`upload failed: HTTP ${res.statusCode} ${res.body}`);
  return body.message;
}

/** Every file under the uploads directory, as paths relative to it (tmp/, files/, tus/). */
export async function uploadsOnDisk(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'uploads');
  const out: string[] = [];
  for (const dir of ['tmp', 'files', 'tus']) {
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    out.push(...names.map((n) => `${dir}/${n}`));
  }
  return out.sort();
}

export async function fileRows(db: Kysely<Database>) {
  return db.selectFrom('files').selectAll().orderBy('created_at').orderBy('id').execute();
}

export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
