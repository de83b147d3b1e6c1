/**
 * A contestant's video, the biggest thing anyone sends: a 500 MB upload over tus, in the web client's
 * chunk size, against the same bytes as one streamed PUT to a bare node:http server writing them to
 * disk on the same machine — alternating rounds, the median of the per-round ratios. Meanwhile the
 * server's resident memory is sampled every 50 ms; its growth over the round is reported. Then an
 * upload is cut off halfway through a chunk at 50 %, asked for its offset (HEAD) and finished from
 * there: what the server had stored must not be sent again, and the stored file must be the video.
 *
 * The server runs on SQLite (the database holds one row per upload; the bytes go to the disk). Where
 * the machine allows it, the servers run on core 0 and this process (the client) on core 1
 * (bench/lib/pinning.ts). Prints the rows and writes bench/results/video.json, which `npm run bench` reads.
 *
 *   BENCH_VIDEO_MB     the video's size in MB (default 500; 50 with BENCH_QUICK=1)
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/index.js';
import { addApplicants } from './lib/fixtures.js';
import { alternate, median, quick } from './lib/load.js';
import { pinning } from './lib/pinning.js';
import { newSecrets, rssOf, startScript, startServer } from './lib/processes.js';
import { printTable, type Row, writeResults } from './lib/report.js';
import { plainPut, TusUploader, VideoBytes } from './lib/video-bytes.js';

const MB = 2 ** 20;
const size = Number(process.env.BENCH_VIDEO_MB ?? (quick ? 50 : 500)) * MB;
const roundCount = quick ? 1 : 3;

/** The baseline server: a PUT's body piped to a new file, 201 when it is written. */
const BARE_PUT = `
const http = require('node:http'), fs = require('node:fs'), { pipeline } = require('node:stream');
let n = 0;
http.createServer((req, res) => {
  if (req.method !== 'PUT') return res.end();
  pipeline(req, fs.createWriteStream(process.env.DIR + '/put-' + n++, { mode: 0o600 }), (err) => {
    res.writeHead(err ? 500 : 201);
    res.end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

const fileSha256 = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path).on('data', (d) => h.update(d)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-video-'));
  const bareDir = join(dataDir, 'bare');
  mkdirSync(bareDir);
  const pin = pinning();
  const server = await startServer({ dataDir, secrets: newSecrets(), env: { VIDEO_MAX_MB: String(Math.ceil(size / MB)) }, cpus: pin.server });
  const bare = await startScript(BARE_PUT, { DIR: bareDir }, pin.server);
  const handle = openDatabase({ sqliteFile: join(dataDir, 'app.db') });
  const video = new VideoBytes(size);
  try {
    const [applicant] = await addApplicants(handle.db, 1);
    const token = applicant!.token;
    const storedPath = async (location: string) => {
      const id = location.slice(location.lastIndexOf('/') + 1);
      const row = await handle.db.selectFrom('files').select(['status', 'size', 'storage_key']).where('id', '=', id).executeTakeFirstOrThrow();
      return { ...row, path: join(dataDir, 'uploads', row.storage_key) };
    };

    const bareRound = async () => {
      const t0 = performance.now();
      await plainPut(`${bare.url}/put`, video);
      const seconds = (performance.now() - t0) / 1000;
      for (const f of readdirSync(bareDir)) rmSync(join(bareDir, f));
      return { mbPerSecond: size / MB / seconds };
    };
    const tusRound = async () => {
      const before = rssOf(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
      const up = new TusUploader(server.url, token, video);
      const t0 = performance.now();
      const location = await up.create();
      await up.patch(location, 0);
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      up.close();
      const stored = await storedPath(location);
      if (stored.status !== 'complete' || Number(stored.size) !== size) throw new Error(`the upload was not filed: ${JSON.stringify(stored)}`);
      rmSync(stored.path);
      return { mbPerSecond: size / MB / seconds, rssBeforeMB: before / MB, rssGrowthMB: (peak - before) / MB };
    };
    console.log(`video: ${size / MB} MB, ${roundCount} round(s) each after a warm-up; ${pin.note}`);
    const rounds = await alternate(roundCount, bareRound, tusRound);
    for (const r of rounds) {
      console.log(`  bare PUT ${r.ceiling.mbPerSecond.toFixed(0)} MB/s, tus ${r.measured.mbPerSecond.toFixed(0)} MB/s, server RSS +${r.measured.rssGrowthMB.toFixed(1)} MB`);
    }
    const ratio = median(rounds.map((r) => r.measured.mbPerSecond / r.ceiling.mbPerSecond));
    const tusMbps = median(rounds.map((r) => r.measured.mbPerSecond));
    const bareMbps = median(rounds.map((r) => r.ceiling.mbPerSecond));
    const rssGrowthMB = Math.max(...rounds.map((r) => r.measured.rssGrowthMB));

    // cut off mid-chunk at 50 %, then resumed from the offset the server reports
    const up = new TusUploader(server.url, token, video);
    const location = await up.create();
    const cutAt = Math.floor(size / 2 / video.chunkBytes) * video.chunkBytes + Math.floor(video.chunkBytes / 2);
    const lastWholeChunk = await up.patch(location, 0, size, cutAt);
    const resumedAt = await up.offset(location);
    await up.patch(location, resumedAt);
    up.close();
    const stored = await storedPath(location);
    const intact = stored.status === 'complete' && (await fileSha256(stored.path)) === video.sha256();
    const resentBytes = up.bytesSent - size;
    const resume = {
      cutAt, lastWholeChunk, resumedAt, resentBytes, intact,
      // the client started again where the server said, so nothing it had stored came twice
      ok: intact && resumedAt >= lastWholeChunk && resumedAt <= cutAt && resentBytes === cutAt - resumedAt,
    };
    console.log(`  cut at ${(cutAt / MB).toFixed(1)} MB; resumed at ${(resumedAt / MB).toFixed(1)} MB; re-sent ${(resentBytes / MB).toFixed(2)} MB; file ${intact ? 'intact' : 'CORRUPT'}`);

    const sizeText = `${size / MB} MB`;
    const rows: Row[] = [
      {
        scenario: `video ${sizeText} over tus ÷ bare PUT to disk`, database: 'SQLite',
        measured: `${(ratio * 100).toFixed(0)} % (${tusMbps.toFixed(0)} of ${bareMbps.toFixed(0)} MB/s)`, target: '≥ 70 %',
        score: ratio / 0.7, pass: ratio >= 0.7,
      },
      {
        scenario: `video ${sizeText}: server memory growth during the upload`, database: 'SQLite',
        measured: `${rssGrowthMB.toFixed(1)} MB`, target: '≤ 30 MB', score: 30 / Math.max(rssGrowthMB, 0.1), pass: rssGrowthMB <= 30,
      },
      {
        scenario: `video ${sizeText}: cut at 50 % and resumed`, database: 'SQLite',
        measured: `resumed at ${(resumedAt / MB).toFixed(1)} of ${(cutAt / MB).toFixed(1)} MB sent; ${(resentBytes / MB).toFixed(2)} MB re-sent; file ${intact ? 'intact' : 'corrupt'}`,
        target: 'nothing stored sent twice, file intact', score: resume.ok ? 1 : 0, pass: resume.ok,
      },
    ];
    printTable(rows);
    writeResults(quick ? 'video-quick.json' : 'video.json', { size, pinning: pin.note, rounds, ratio, rssGrowthMB, resume, rows });
  } finally {
    await handle.destroy();
    await Promise.all([server.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
