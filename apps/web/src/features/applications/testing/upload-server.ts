import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server for the browser upload code under test: multipart images (POST uploadImage)
 * and the tus 1.0 core protocol for videos (POST creates, HEAD reports the offset, PATCH appends).
 * jsdom's XMLHttpRequest talks to it over the network exactly as a browser would, CORS included.
 */

export interface TusUpload {
  id: string;
  length: number;
  metadata: string;
  bytes: Buffer;
  token: string | undefined;
}

export interface ImageUpload {
  id: string;
  purpose: string | undefined;
  filename: string | undefined;
  type: string | undefined;
  size: number;
  token: string | undefined;
}

export interface UploadServerOptions {
  /** drops the connection of the n-th PATCH (1-based) after reading part of its body */
  dropPatch?: number;
  /** keeps the n-th PATCH (1-based) open after its first bytes, as a connection that stalls */
  holdPatch?: number;
  /** answers every image upload with this envelope instead of success */
  imageAnswer?: (upload: ImageUpload) => unknown;
  /** answers an image upload only once this settles (an upload still on its way) */
  imageHold?: (upload: ImageUpload) => Promise<void> | undefined;
  /** refuses every tus creation with this status and envelope message (as the server does for a wrong type) */
  refuseVideo?: { status: number; message: string };
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,POST,HEAD,PATCH,DELETE,OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization,Content-Type,Tus-Resumable,Upload-Length,Upload-Offset,Upload-Metadata,X-HTTP-Method-Override,X-Requested-With',
  'Access-Control-Expose-Headers': 'Location,Upload-Offset,Upload-Length,Tus-Resumable',
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });

function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; file?: { name: string; type: string; size: number } } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const mark = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  const text = body.toString('latin1');
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; size: number } | undefined;
  for (const part of text.split(mark).slice(1, -1)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) {
      file = { name: filename, type: /Content-Type: (.+)/i.exec(head)?.[1]?.trim() ?? '', size: Buffer.byteLength(content, 'latin1') };
    } else {
      fields[name] = Buffer.from(content, 'latin1').toString('utf8');
    }
  }
  return file ? { fields, file } : { fields };
}

export async function startUploadServer(options: UploadServerOptions = {}) {
  const uploads = new Map<string, TusUpload>();
  const images: ImageUpload[] = [];
  const log: { method: string; path: string; offset?: number }[] = [];
  let patches = 0;
  let next = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const method = req.headers['x-http-method-override']?.toString() ?? req.method ?? 'GET';
    const token = req.headers.authorization;
    const send = (status: number, headers: Record<string, string> = {}, body = '') => {
      res.writeHead(status, { ...cors, ...headers });
      res.end(body);
    };
    if (method === 'OPTIONS') return send(204);

    if (url.pathname === '/v1/uploadImage' && method === 'POST') {
      const body = await readBody(req);
      const { fields, file } = parseMultipart(body, req.headers['content-type'] ?? '');
      const upload: ImageUpload = {
        id: `img${String(++next).padStart(20, '0')}`,
        purpose: fields.purpose,
        filename: file?.name,
        type: file?.type,
        size: file?.size ?? 0,
        token,
      };
      images.push(upload);
      await options.imageHold?.(upload);
      const answer = options.imageAnswer?.(upload) ?? {
        success: true,
        code: 0,
        message: { id: upload.id, url: `/v1/files/${upload.id}`, mime: upload.type, size: upload.size },
      };
      return send(200, { 'Content-Type': 'application/json' }, JSON.stringify(answer));
    }

    const tusBase = '/v1/uploads/video';
    if (url.pathname === tusBase && method === 'POST' && options.refuseVideo) {
      await readBody(req);
      const { status, message } = options.refuseVideo;
      return send(status, { 'Content-Type': 'application/json' }, JSON.stringify({ success: false, code: 4150, message }));
    }
    if (url.pathname === tusBase && method === 'POST') {
      const id = `vid${String(++next).padStart(20, '0')}`;
      uploads.set(id, {
        id,
        length: Number(req.headers['upload-length']),
        metadata: req.headers['upload-metadata']?.toString() ?? '',
        bytes: Buffer.alloc(0),
        token,
      });
      log.push({ method, path: url.pathname });
      await readBody(req);
      return send(201, { Location: `${tusBase}/${id}`, 'Tus-Resumable': '1.0.0' });
    }
    if (url.pathname.startsWith(`${tusBase}/`)) {
      const id = url.pathname.slice(tusBase.length + 1);
      const upload = uploads.get(id);
      if (!upload) return send(404, { 'Tus-Resumable': '1.0.0' });
      if (method === 'HEAD') {
        log.push({ method, path: url.pathname, offset: upload.bytes.length });
        return send(200, {
          'Upload-Offset': String(upload.bytes.length),
          'Upload-Length': String(upload.length),
          'Tus-Resumable': '1.0.0',
          'Cache-Control': 'no-store',
        });
      }
      if (method === 'PATCH') {
        const offset = Number(req.headers['upload-offset']);
        log.push({ method, path: url.pathname, offset });
        patches += 1;
        if (offset !== upload.bytes.length) return send(409, { 'Tus-Resumable': '1.0.0' });
        if (options.dropPatch === patches) {
          // keep what arrived so far, then cut the connection as a dropped network would
          const got = await new Promise<Buffer>((resolve) => {
            req.once('data', (c: Buffer) => resolve(c));
          });
          upload.bytes = Buffer.concat([upload.bytes, got.subarray(0, Math.floor(got.length / 2))]);
          req.socket.destroy();
          return;
        }
        if (options.holdPatch === patches) {
          const got = await new Promise<Buffer>((resolve) => {
            req.once('data', (c: Buffer) => resolve(c));
          });
          upload.bytes = Buffer.concat([upload.bytes, got]);
          req.pause();
          return;
        }
        const body = await readBody(req);
        upload.bytes = Buffer.concat([upload.bytes, body]);
        return send(204, { 'Upload-Offset': String(upload.bytes.length), 'Tus-Resumable': '1.0.0' });
      }
      if (method === 'DELETE') {
        uploads.delete(id);
        return send(204, { 'Tus-Resumable': '1.0.0' });
      }
    }
    send(404);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, cors);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    uploads,
    images,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type UploadServer = Awaited<ReturnType<typeof startUploadServer>>;
