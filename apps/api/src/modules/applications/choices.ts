import { Code, isAcceptedRegion, loadRegions } from '@qgw/contracts';
import { AppError } from '../../plugins/errors.js';
import { applicationStrings as s } from './applications.strings.js';
import type { FormData, KindSpec } from './kinds.js';

/**
 * What the forms' pickers offer, checked again here: a form sent by hand (or from a page opened
 * before a subdivision was withdrawn) gets a clear refusal instead of a value nothing else knows.
 */

/** What applications need of the committee's content (wired in app.ts, so this module stays free of it). */
export interface ChoicesPort {
  /** the names of the subdivisions published now */
  publishedSubdivisionNames(): Promise<string[]>;
}

/** 所在地区 must be a city or district of the administrative divisions; 意向分会 one of the published subdivisions. */
export async function assertChoices(spec: KindSpec, data: FormData, choices: ChoicesPort): Promise<void> {
  if ('region' in spec.form.shape && typeof data.region === 'string') {
    if (!isAcceptedRegion(await loadRegions(), data.region)) throw new AppError(Code.BAD_REQUEST, s.regionUnknown);
  }
  if (spec.kind === 'membership' && typeof data.subdivision === 'string') {
    const published = await choices.publishedSubdivisionNames();
    if (!published.includes(data.subdivision)) throw new AppError(Code.BAD_REQUEST, s.subdivisionUnknown);
  }
}
