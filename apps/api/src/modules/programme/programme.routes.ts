import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, ZEnvelopeOf, ZGetCurrentStatusResponse, ZGetThemesResponse } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import type { ProgrammeService } from './programme.service.js';

export interface ProgrammeRoutesOptions {
  service: ProgrammeService;
}

const tags = ['programme'];

/** Public: the programme's phase and dates, and its themes (read before logging in). */
export async function programmeRoutes(app: FastifyInstance, opts: ProgrammeRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;

  r.get(
    apiPaths.getCurrentStatus,
    {
      schema: {
        tags,
        summary: '2024 申报活动的阶段与时间（未开始 / 申报中 / 评审中 / 结果公布 / 已结束）',
        response: { 200: ZEnvelopeOf(ZGetCurrentStatusResponse) },
      },
    },
    async () => ok(await service.currentStatus()),
  );

  r.get(
    apiPaths.getThemes,
    {
      schema: { tags, summary: '作品申报的主题', response: { 200: ZEnvelopeOf(ZGetThemesResponse) } },
    },
    async () => ok(await service.themes()),
  );
}
