import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { beijingDateTime, beijingWallClock, Code, exportColumns, exportTimeColumns } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { allFileIds, kindSpecs } from '../applications/applications.module.js';
import { dataOf } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { filesRepository } from '../files/files.module.js';
import type { FileStorage } from '../files/files.module.js';
import { type ConsoleActor, notFound } from './console-actor.js';
import { csvLine, UTF8_BOM } from './csv.js';
import { isBlindReview, seasonOf } from '../admin/admin.module.js';
import { type CriterionColumn, criterionColumns, type ExportFilter, type ExportRow, exportRows } from './export-rows.repository.js';
import { reviewRepository as repo } from './review.repository.js';
import { reviewStrings as s } from './review.strings.js';

export interface ExportsDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** yyyymmdd-hhmmss (UTC) for file names */
const stamp = (ms: number) => isoAt(ms).replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * A time cell: Beijing wall-clock text in the CSV; in the spreadsheet a date cell, and as Excel
 * dates carry no zone (ExcelJS writes a Date's UTC fields), the Beijing wall clock read as UTC.
 */
const cellOf = (key: string, v: string | number | null, forCsv: boolean) =>
  v !== null && exportTimeColumns.has(key) && typeof v === 'string' ? (forCsv ? beijingDateTime(v) : beijingWallClock(v)) : v;

/** A row's cells: the fixed columns, then each criterion's average (empty for another kind or no review). */
const cellsOf = (row: ExportRow, extra: readonly CriterionColumn[], forCsv: boolean) => [
  ...exportColumns.map((c) => cellOf(c.key, row[c.key] ?? null, forCsv)),
  ...extra.map((c) => row.criterionAverages.get(c.id) ?? null),
];

const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * Exports for admins, each audited before it starts: applications with scores and decisions as
 * XLSX or as UTF-8 CSV with a BOM (so spreadsheet programs read the Chinese correctly), and a zip
 * of one application's files. All three are streamed: rows are read in batches and files straight
 * from disk, so neither size is bounded by memory.
 */
export class ExportsService {
  constructor(private readonly d: ExportsDeps) {}

  async applications(actor: ConsoleActor, format: 'xlsx' | 'csv', filter: ExportFilter): Promise<ExportFile> {
    await this.d.audit.record({
      actorId: actor.id,
      action: 'export.applications',
      entity: 'export',
      after: { format, kind: filter.kind ?? null, status: filter.status ?? null, programmeId: filter.programmeId ?? null },
    });
    const out = new PassThrough();
    const fail = (err: unknown) => {
      this.d.log.error({ err }, 'export failed while streaming');
      out.destroy(err instanceof Error ? err : new Error('export failed'));
    };
    const base = `applications-${stamp(this.d.clock())}`;
    if (format === 'csv') {
      void this.writeCsv(out, filter).catch(fail);
      return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', stream: out };
    }
    void this.writeXlsx(out, filter).catch(fail);
    return { filename: `${base}.xlsx`, contentType: XLSX_TYPE, stream: out };
  }

  /** What every export reads first: the criterion columns, and whether reviewers go unnamed. */
  private async shape(filter: ExportFilter) {
    const season = await seasonOf(this.d.db, filter.programmeId);
    return { extra: await criterionColumns(this.d.db, filter, season), options: { blind: await isBlindReview(this.d.db, filter.programmeId) } };
  }

  private async writeCsv(out: PassThrough, filter: ExportFilter): Promise<void> {
    const { extra, options } = await this.shape(filter);
    const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', r)));
    await write(`${UTF8_BOM}${csvLine([...exportColumns.map((c) => c.header), ...extra.map((c) => c.header)])}\r\n`);
    for await (const row of exportRows(this.d.db, filter, options)) {
      await write(`${csvLine(cellsOf(row, extra, true) as (string | number | null)[])}\r\n`);
    }
    out.end();
  }

  private async writeXlsx(out: PassThrough, filter: ExportFilter): Promise<void> {
    const { extra, options } = await this.shape(filter);
    // exports are rare: their libraries (tens of MB resident) load with the first one, not at start
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('申报');
    sheet.columns = [
      ...exportColumns.map((c) => ({
        header: c.header,
        key: c.key,
        width: c.key === 'id' ? 38 : c.key === 'reviewDetails' ? 60 : exportTimeColumns.has(c.key) ? 20 : 16,
        // a real date cell (sortable, filterable by date), shown as Beijing wall-clock time
        ...(exportTimeColumns.has(c.key) ? { style: { numFmt: DATE_TIME_FORMAT } } : {}),
      })),
      ...extra.map((c) => ({ header: c.header, key: `criterion-${c.id}`, width: 18 })),
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of exportRows(this.d.db, filter, options)) {
      sheet.addRow(cellsOf(row, extra, false)).commit();
    }
    sheet.commit();
    await book.commit();
  }

  /** A zip of every file the application's form refers to, in the form's order. */
  async media(actor: ConsoleActor, applicationId: string): Promise<ExportFile> {
    const app = await repo.application(this.d.db, applicationId);
    if (!app || app.status === 'draft') throw notFound();
    const ids = allFileIds(kindSpecs[app.kind], dataOf(app));
    const rows = ids.length > 0
      ? await filesRepository.completeByIds(this.d.db, ids)
      : [];
    if (rows.length === 0) throw new AppError(Code.NOT_FOUND, s.exportNoFiles);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    await this.d.audit.record({
      actorId: actor.id,
      action: 'export.media',
      entity: 'application',
      entityId: app.id,
      after: { files: ordered.length },
    });
    // stored already compressed (images, video): storing them again as-is is faster and no larger
    const { default: archiver } = await import('archiver');
    const zip = archiver('zip', { store: true });
    zip.on('warning', (err) => this.d.log.warn({ err }, 'media export warning'));
    zip.on('error', (err) => this.d.log.error({ err }, 'media export failed'));
    const counters = new Map<string, number>();
    for (const f of ordered) {
      const n = (counters.get(f.purpose) ?? 0) + 1;
      counters.set(f.purpose, n);
      const ext = f.storage_key.slice(f.storage_key.lastIndexOf('.') + 1);
      zip.file(this.d.storage.pathOf(f.storage_key), { name: `${f.purpose}-${n}.${ext}` });
    }
    void zip.finalize().catch(() => undefined);
    return { filename: `application-${app.id.slice(0, 8)}-media.zip`, contentType: 'application/zip', stream: zip };
  }
}
