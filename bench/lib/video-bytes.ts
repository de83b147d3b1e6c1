/**
 * What the video benchmark sends, and how: a video of any size made of one random block repeated
 * (an MP4 `ftyp` box first, so the server's magic-byte check accepts it), sent from memory so that
 * the sender's disk is not what is measured; a tus 1.0 client that PATCHes it in the web client's
 * chunk size (limits.video.chunkBytes) on one keep-alive connection, as tus-js-client does; and a
 * plain streamed PUT for the bare node:http baseline.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { apiPaths, limits } from '@qgw/contracts';

const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

export class VideoBytes {
  /** one block, every chunk of the video is a slice of it (the first starts with the ftyp box) */
  private readonly block: Buffer;
  constructor(readonly size: number, readonly chunkBytes = limits.video.chunkBytes) {
    this.block = randomBytes(chunkBytes);
    ftyp.copy(this.block, 0);
  }
  /** the bytes at [start, end): every chunk boundary is a multiple of chunkBytes from 0 */
  slice(start: number, end: number): Buffer[] {
    const out: Buffer[] = [];
    for (let at = start; at < end;) {
      const inBlock = at % this.chunkBytes;
      const n = Math.min(this.chunkBytes - inBlock, end - at);
      out.push(this.block.subarray(inBlock, inBlock + n));
      at += n;
    }
    return out;
  }
  sha256(): string {
    const h = createHash('sha256');
    for (let at = 0; at < this.size; at += this.chunkBytes) for (const b of this.slice(at, Math.min(this.size, at + this.chunkBytes))) h.update(b);
    return h.digest('hex');
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request whose body is `parts`, written with back-pressure; `cutAfter` bytes into the body the
 * socket is destroyed (a dropped connection) and the promise answers null.
 */
function send(url: string, method: string, headers: Record<string, string>, parts: Buffer[], agent: Agent | false, cutAfter?: number): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', (err) => (cutAfter === undefined ? reject(err) : resolve(null)));
    let sent = 0;
    let i = 0;
    const pump = () => {
      while (i < parts.length) {
        let part = parts[i++]!;
        if (cutAfter !== undefined && sent + part.length >= cutAfter) {
          part = part.subarray(0, cutAfter - sent);
          req.write(part, () => setTimeout(() => (req.destroy(), resolve(null)), 200));
          return;
        }
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', authorization: token });

export class TusUploader {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  /** body bytes put on the wire, cut requests included */
  bytesSent = 0;
  constructor(private readonly base: string, private readonly token: string, private readonly video: VideoBytes) {}

  async create(): Promise<string> {
    const meta = `filename ${Buffer.from('bench.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
    const a = await send(`${this.base}${apiPaths.uploadVideo}`, 'POST', { ...tusHeaders(this.token), 'upload-length': String(this.video.size), 'upload-metadata': meta }, [], this.agent);
    if (a?.status !== 201) throw new Error(`tus creation answered ${a?.status}: ${a?.body}`);
    return `${this.base}${String(a.headers.location)}`;
  }

  /** The server's offset (HEAD), as a client resuming asks for it. */
  async offset(location: string): Promise<number> {
    const a = await send(location, 'HEAD', tusHeaders(this.token), [], this.agent);
    if (a?.status !== 200) throw new Error(`tus HEAD answered ${a?.status}`);
    return Number(a.headers['upload-offset']);
  }

  /**
   * PATCHes from `from` to `to` in chunks; with `cutAt`, the chunk holding that byte is cut off there
   * (the connection dropped mid-chunk) and the answer is the offset reached before it.
   */
  async patch(location: string, from: number, to = this.video.size, cutAt?: number): Promise<number> {
    const { chunkBytes } = this.video;
    for (let at = from; at < to;) {
      const end = Math.min(to, (Math.floor(at / chunkBytes) + 1) * chunkBytes);
      const headers = { ...tusHeaders(this.token), 'content-type': 'application/offset+octet-stream', 'upload-offset': String(at), 'content-length': String(end - at) };
      if (cutAt !== undefined && cutAt < end) {
        const cut = cutAt - at;
        this.bytesSent += cut;
        // a cut connection is not reused
        await send(location, 'PATCH', headers, this.video.slice(at, end), false, cut);
        return at;
      }
      const a = await send(location, 'PATCH', headers, this.video.slice(at, end), this.agent);
      this.bytesSent += end - at;
      if (a?.status !== 204) throw new Error(`tus PATCH at ${at} answered ${a?.status}: ${a?.body}`);
      at = end;
    }
    return to;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The baseline: the whole video as one streamed PUT to a bare node:http server that writes it to disk. */
export async function plainPut(url: string, video: VideoBytes): Promise<void> {
  const parts: Buffer[] = [];
  for (let at = 0; at < video.size; at += video.chunkBytes) parts.push(...video.slice(at, Math.min(video.size, at + video.chunkBytes)));
  const a = await send(url, 'PUT', { 'content-length': String(video.size) }, parts, false);
  if (a?.status !== 201) throw new Error(`the bare PUT answered ${a?.status}`);
}
