/**
 * Applicants' files in the console: an admin opens any; a reviewer only those of the applications
 * assigned to them and not in conflict, and in blind review never the applicant's photo or the
 * business licence. The right is checked on every request, so a signed URL dies with the assignment
 * (or a declared conflict), not an hour later when it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ConsoleApplicationResponse, type SubmitResponse, type UploadedFile } from '@qgw/contracts';
import { data, get, newUser, post } from './support/api.js';
import { companyForm, uploadImage } from './support/applications.js';
import { assign, createWorld, type ReviewWorld, submittedPerson } from './support/console-review.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(async () => {
  await t.close();
});

const info = (token: string, id: string) => get<UploadedFile>(t.app, apiPaths.getFileInfo, { id }, { token });
const bySession = (token: string, id: string) => t.app.inject({ method: 'GET', url: `${apiPaths.file}/${id}`, headers: { authorization: token } });
const byUrl = (url: string) => t.app.inject({ method: 'GET', url });
const detail = async (token: string, id: string) => data(await get<ConsoleApplicationResponse>(t.app, apiPaths.consoleApplication, { id }, { token }));
const setBlind = async (on: boolean) => data(await post(t.app, apiPaths.consoleProgramme, { blindReview: on }, { token: w.admin.token }));

describe('who opens an applicant’s file', () => {
  it('the owner and an admin always; a reviewer only while assigned; another reviewer never', async () => {
    const p = await submittedPerson(t);
    const photo = p.form.photo as string;

    // not assigned yet: the reviewer is refused by id, as if the file did not exist
    expect((await info(w.reviewer.token, photo)).status).toBe(404);
    expect((await bySession(w.reviewer.token, photo)).statusCode).toBe(404);
    expect(data(await info(p.applicant.token, photo)).id).toBe(photo);
    expect(data(await info(w.admin.token, photo)).id).toBe(photo);
    expect((await bySession(w.admin.token, photo)).statusCode).toBe(200);

    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const url = data(await info(w.reviewer.token, photo)).url;
    expect((await bySession(w.reviewer.token, photo)).statusCode).toBe(200);
    expect((await byUrl(url)).statusCode).toBe(200);
    // a reviewer assigned elsewhere is not one of this application's
    expect((await info(w.reviewer2.token, photo)).status).toBe(404);
    expect((await bySession(w.reviewer2.token, photo)).statusCode).toBe(404);
  });

  it('a signed URL stops working the moment the assignment is removed', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const [file] = (await detail(w.reviewer.token, p.id)).files;
    expect((await byUrl(file!.url)).statusCode).toBe(200);

    expect(data(await post(t.app, apiPaths.consoleUnassign, { applicationId: p.id, reviewerId: w.reviewer.id }, { token: w.admin.token }))).toEqual({ removed: true });
    expect((await byUrl(file!.url)).statusCode).toBe(404);
    expect((await bySession(w.reviewer.token, file!.id)).statusCode).toBe(404);
    // the admin's own URL is unaffected
    const adminFile = (await detail(w.admin.token, p.id)).files[0]!;
    expect((await byUrl(adminFile.url)).statusCode).toBe(200);
  });

  it('a signed URL stops working the moment the reviewer declares a conflict', async () => {
    const p = await submittedPerson(t);
    await assign(t.app, w.admin.token, [p.id], [w.reviewer2.id]);
    const [file] = (await detail(w.reviewer2.token, p.id)).files;
    expect((await byUrl(file!.url)).statusCode).toBe(200);

    data(await post(t.app, apiPaths.consoleConflict, { applicationId: p.id, reason: '与申报人同属一个项目组' }, { token: w.reviewer2.token }));
    expect((await byUrl(file!.url)).statusCode).toBe(404);
    expect((await info(w.reviewer2.token, file!.id)).status).toBe(404);
  });
});

describe('blind review', () => {
  it('hides the applicant’s photo from the reviewer, in the detail and by id or URL; the admin still sees it', async () => {
    const p = await submittedPerson(t);
    const photo = p.form.photo as string;
    await assign(t.app, w.admin.token, [p.id], [w.reviewer.id]);
    const urlBefore = (await detail(w.reviewer.token, p.id)).files.find((f) => f.purpose === 'photo')!.url;
    await setBlind(true);
    try {
      const d = await detail(w.reviewer.token, p.id);
      expect(d.files.map((f) => f.purpose)).not.toContain('photo');
      expect(Object.keys(d.fileUrls)).not.toContain(photo);
      expect((await info(w.reviewer.token, photo)).status).toBe(404);
      expect((await bySession(w.reviewer.token, photo)).statusCode).toBe(404);
      // a URL handed out before blind review began is refused too
      expect((await byUrl(urlBefore)).statusCode).toBe(404);

      expect((await detail(w.admin.token, p.id)).files.map((f) => f.purpose)).toContain('photo');
      expect((await bySession(w.admin.token, photo)).statusCode).toBe(200);
    } finally {
      await setBlind(false);
    }
    expect((await byUrl(urlBefore)).statusCode).toBe(200);
  });

  it('hides the business licence by id as well as from the detail; the company’s work images are still shown', async () => {
    const applicant = await newUser(t.app);
    const license = await uploadImage(t.app, applicant.token, 'license');
    const c = data(await post<SubmitResponse>(t.app, apiPaths.applyCompany, companyForm(license), { token: applicant.token }));
    await assign(t.app, w.admin.token, [c.id], [w.reviewer.id]);
    expect((await bySession(w.reviewer.token, license)).statusCode).toBe(200);
    await setBlind(true);
    try {
      expect((await bySession(w.reviewer.token, license)).statusCode).toBe(404);
      expect((await info(w.reviewer.token, license)).status).toBe(404);
      expect((await bySession(w.admin.token, license)).statusCode).toBe(200);
    } finally {
      await setBlind(false);
    }
  });
});
