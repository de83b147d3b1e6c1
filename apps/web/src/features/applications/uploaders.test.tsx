import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { imageShrink, limits } from '@qgw/contracts';
import { Providers } from '../../app/providers.js';
import { signIn } from '../../test/session-fixture.js';
import { ImageUploader } from './components/image-uploader.js';
import { VideoUploader } from './components/video-uploader.js';
import { startUploadServer, type UploadServer } from './testing/upload-server.js';

let server: UploadServer | null = null;

const serve = async (options?: Parameters<typeof startUploadServer>[0]) => {
  server = await startUploadServer(options);
  vi.stubEnv('VITE_API_BASE', server.origin);
  return server;
};

beforeEach(() => {
  signIn();
});

afterEach(async () => {
  // unmount first, so that uploaders stop before the server they talk to goes away
  cleanup();
  vi.unstubAllEnvs();
  await server?.close();
  server = null;
  // callbacks of requests the close cut off run now, while the test's window still exists
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

const bytes = (n: number, seed = 7) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (i * seed + (i >> 8)) & 0xff;
  return out;
};
const pngFile = (name = 'photo.png', size = 2048) => new File([bytes(size)], name, { type: 'image/png' });
const contents = new WeakMap<File, Uint8Array>();
const videoFile = (size: number, lastModified = 1_700_000_000_000) => {
  const content = bytes(size, 13);
  const file = new File([content], 'intro.mp4', { type: 'video/mp4', lastModified });
  contents.set(file, content);
  return file;
};
const contentOf = (file: File) => contents.get(file)!;

function Images({ max = 3, onIds }: { max?: number; onIds?: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <ImageUploader
      label="作品图片"
      purpose="work"
      maxCount={max}
      value={ids}
      onChange={(next) => {
        setIds(next);
        onIds?.(next);
      }}
    />
  );
}

function Video({ onId }: { onId?: (id: string | undefined) => void }) {
  const [id, setId] = useState<string | undefined>();
  return (
    <VideoUploader
      label="个人介绍视频"
      value={id}
      onChange={(next) => {
        setId(next);
        onId?.(next);
      }}
    />
  );
}

const pick = async (label: string, files: File[]) => {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input[type=file]' });
  await act(async () => fireEvent.change(input, { target: { files } }));
};

describe('ImageUploader', () => {
  test('shows the limits before picking; wrong type or size is refused without sending anything', async () => {
    const srv = await serve();
    render(<Images />, { wrapper: Providers });
    expect(screen.getByText(`${limits.image.hint}，最多3张`)).toBeTruthy();
    const input = screen.getByLabelText('作品图片', { exact: false, selector: 'input[type=file]' });
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');

    await pick('作品图片', [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })]);
    expect(await screen.findByText('仅支持 JPG/PNG/WebP 格式的图片')).toBeTruthy();
    await pick('作品图片', [new File([new Uint8Array(imageShrink.pickMaxBytes + 1)], 'big.png', { type: 'image/png' })]);
    expect(await screen.findByText('图片不能超过 40MB')).toBeTruthy();
    expect(srv.images).toHaveLength(0);
  });

  test('uploads each picked image as multipart with its purpose and the token; keeps ids; removes', async () => {
    const srv = await serve();
    const seen: string[][] = [];
    render(<Images onIds={(ids) => seen.push(ids)} />, { wrapper: Providers });
    await pick('作品图片', [pngFile('a.png'), pngFile('b.png', 4096)]);
    await waitFor(() => expect(seen.at(-1)).toHaveLength(2));
    // both are sent at once, so the server may see them in either order
    expect(srv.images.map((i) => [i.purpose, i.filename, i.type, i.token]).sort()).toEqual([
      ['work', 'a.png', 'image/png', 'tok-abcdefghijklmnopqrstuv'],
      ['work', 'b.png', 'image/png', 'tok-abcdefghijklmnopqrstuv'],
    ]);
    expect(srv.images.map((i) => i.size).sort()).toEqual([2048, 4096]);
    expect(screen.getByText('已上传 2/3')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看第1张图片' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除第1张图片' })));
    expect(seen.at(-1)).toHaveLength(1);
    expect(screen.getByText('已上传 1/3')).toBeTruthy();
  });

  test('查看第1张图片 opens the picture full-screen (the viewer loads on that first tap)', async () => {
    await serve();
    render(<Images />, { wrapper: Providers });
    await pick('作品图片', [pngFile('a.png')]);
    const open = await screen.findByRole('button', { name: '查看第1张图片' });
    const src = open.querySelector('img')?.getAttribute('src');
    expect(document.querySelector('.adm-image-viewer-content')).toBeNull();
    await act(async () => fireEvent.click(open));
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-content img')?.getAttribute('src')).toBe(src));
  });

  test('more files than room: the extra ones are refused with a message', async () => {
    const srv = await serve();
    const seen: string[][] = [];
    render(<Images max={1} onIds={(ids) => seen.push(ids)} />, { wrapper: Providers });
    await pick('作品图片', [pngFile('a.png'), pngFile('b.png')]);
    expect(await screen.findByText('最多上传1张图片')).toBeTruthy();
    await waitFor(() => expect(seen.at(-1)).toHaveLength(1));
    expect(srv.images).toHaveLength(1);
    // full: no more picking
    expect(screen.queryByText('添加图片')).toBeNull();
  });

  test('a refused upload shows the server message and a retry', async () => {
    await serve({ imageAnswer: () => ({ success: false, code: 4150, message: '文件类型与内容不符' }) });
    render(<Images />, { wrapper: Providers });
    await pick('作品图片', [pngFile()]);
    expect(await screen.findByText('文件类型与内容不符')).toBeTruthy();
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('VideoUploader (tus)', () => {
  test('limits shown first; a wrong type is refused before anything is sent', async () => {
    const srv = await serve();
    render(<Video />, { wrapper: Providers });
    expect(screen.getByText(limits.video.hint)).toBeTruthy();
    await pick('个人介绍视频', [new File(['<html>'], 'x.html', { type: 'text/html' })]);
    expect(await screen.findByText('仅支持 MP4/MOV/WebM 格式的视频')).toBeTruthy();
    expect(srv.log).toHaveLength(0);
  });

  test('uploads in chunks with the token, reports the file id and forgets the resume record', async () => {
    const srv = await serve();
    const file = videoFile(limits.video.chunkBytes + 300_000);
    const ids: (string | undefined)[] = [];
    render(<Video onId={(id) => ids.push(id)} />, { wrapper: Providers });
    await pick('个人介绍视频', [file]);
    await waitFor(() => expect(ids.at(-1)).toMatch(/^vid\d{20}$/), { timeout: 10_000 });
    const stored = srv.uploads.get(ids.at(-1)!)!;
    expect(stored.bytes.equals(Buffer.from(contentOf(file)))).toBe(true);
    expect(stored.token).toBe('tok-abcdefghijklmnopqrstuv');
    expect(srv.log.filter((l) => l.method === 'PATCH').map((l) => l.offset)).toEqual([0, limits.video.chunkBytes]);
    expect(screen.getByText('视频已上传')).toBeTruthy();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('tus::'))).toEqual([]);
  });

  test('a refusal by the server is final: its message shows and no 继续上传 is offered', async () => {
    await serve({ refuseVideo: { status: 415, message: '视频格式与内容不符' } });
    render(<Video />, { wrapper: Providers });
    await pick('个人介绍视频', [videoFile(1000)]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('视频格式与内容不符'));
    expect(screen.queryByRole('button', { name: '继续上传' })).toBeNull();
    expect(screen.getByRole('button', { name: '取消上传' })).toBeTruthy();
  });

  test('a dropped connection: tus asks the server how far it got and continues from there', async () => {
    const srv = await serve({ dropPatch: 1 });
    const file = videoFile(600_000);
    const ids: (string | undefined)[] = [];
    render(<Video onId={(id) => ids.push(id)} />, { wrapper: Providers });
    await pick('个人介绍视频', [file]);
    await waitFor(() => expect(ids.at(-1)).toBeTruthy(), { timeout: 10_000 });
    const stored = srv.uploads.get(ids.at(-1)!)!;
    expect(stored.bytes.equals(Buffer.from(contentOf(file)))).toBe(true);
    const head = srv.log.find((l) => l.method === 'HEAD');
    expect(head?.offset).toBeGreaterThan(0);
    const patches = srv.log.filter((l) => l.method === 'PATCH');
    expect(patches[0]?.offset).toBe(0);
    expect(patches[1]?.offset).toBe(head?.offset);
  });

  test('a page reload mid-upload: picking the same file again continues where the server got to', async () => {
    const srv = await serve({ holdPatch: 1 });
    const file = videoFile(700_000);
    const first = render(<Video />, { wrapper: Providers });
    await pick('个人介绍视频', [file]);
    await waitFor(() => expect([...srv.uploads.values()][0]?.bytes.length ?? 0).toBeGreaterThan(0));
    expect(Object.keys(localStorage).some((k) => k.startsWith('tus::'))).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    // the page goes away with the upload half done
    first.unmount();

    const ids: (string | undefined)[] = [];
    render(<Video onId={(id) => ids.push(id)} />, { wrapper: Providers });
    expect(screen.getByText('检测到未完成的视频上传，重新选择同一视频即可从断点继续')).toBeTruthy();
    await pick('个人介绍视频', [file]);
    await waitFor(() => expect(ids.at(-1)).toBeTruthy(), { timeout: 10_000 });
    expect(srv.uploads.size).toBe(1);
    const stored = srv.uploads.get(ids.at(-1)!)!;
    expect(stored.bytes.equals(Buffer.from(contentOf(file)))).toBe(true);
    expect(srv.log.filter((l) => l.method === 'POST')).toHaveLength(1);
    const resumedAt = srv.log.find((l) => l.method === 'HEAD')?.offset ?? 0;
    expect(resumedAt).toBeGreaterThan(0);
    expect(srv.log.filter((l) => l.method === 'PATCH').at(-1)?.offset).toBe(resumedAt);
  });
});

describe('ImageUploader shrinking a large photo', () => {
  afterEach(() => {
    vi.doUnmock('browser-image-compression');
    vi.unstubAllGlobals();
  });

  test('a 10 MB photo is shrunk in the browser (progress 压缩中 shown) and the small result is what is sent', async () => {
    const srv = await serve();
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const options: Record<string, unknown>[] = [];
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({}));
    vi.doMock('browser-image-compression', () => ({
      default: async (file: File, o: Record<string, unknown> & { onProgress(p: number): void }) => {
        options.push(o);
        o.onProgress(40);
        await held;
        return new File([bytes(300_000)], file.name, { type: file.type });
      },
    }));
    const seen: string[][] = [];
    render(<Images onIds={(ids) => seen.push(ids)} />, { wrapper: Providers });
    await pick('作品图片', [new File([new Uint8Array(10 * 1024 * 1024)], 'IMG_0001.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByRole('progressbar', { name: '压缩中' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: '压缩中' }).getAttribute('aria-valuenow')).toBe('40'));
    await act(async () => finish());
    await waitFor(() => expect(seen.at(-1)).toHaveLength(1));
    expect(srv.images.map((i) => [i.filename, i.type, i.size])).toEqual([['IMG_0001.jpg', 'image/jpeg', 300_000]]);
    expect(options[0]).toMatchObject({ maxSizeMB: imageShrink.targetBytes / 1024 / 1024, maxWidthOrHeight: imageShrink.maxSide, useWebWorker: false });
  });
});
