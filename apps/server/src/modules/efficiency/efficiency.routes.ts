import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, EfficiencyQuerySchema, EfficiencyResponseSchema, ExportEfficiencyQuerySchema, type EfficiencyResponse } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setPublicCache } from '../../lib/http-cache'
import type { CatalogService } from '../catalog/catalog.service'
import { csvCell } from '../share/share.service'
import type { EfficiencyService } from './efficiency.service'

const tags = ['results']

/** The stages as CSV: one row per stage, the licence line first (like the matrix export). */
const toCsv = (r: EfficiencyResponse, code: (stageId: string) => string) =>
  `${[
    `# ${r.attribution}`,
    csvCell(`# ${r.basis}`),
    `# server=${r.server} lmd=${r.lmd} exp=${r.exp} computedAt=${new Date(r.computedAt).toISOString()} valueLmd=${r.valueLmd} valueExp=${r.valueExp}`,
    'stageId,stageCode,apCost,efficiency,efficiencyLow,efficiencyHigh,material,lmd,exp,usedByPlanner,tooWideToRank',
    ...r.stages.map((s) =>
      [s.stageId, code(s.stageId), s.apCost, s.efficiency, s.interval[0], s.interval[1], s.parts.material, s.parts.lmd, s.parts.exp, s.used, s.wide]
        .map(csvCell)
        .join(','),
    ),
  ].join('\r\n')}\r\n`

/**
 * One stage's or one item's part of the answer (the stats pages' badges: a few hundred bytes instead of
 * the whole guide's ~270 KB gzip). `itemId` also keeps only that item in each stage's `drops` and only its
 * formula in `crafts`; `view: 'values'` leaves the stages out (the planner's value column). The figures
 * are those of the whole answer; an unknown id gives empty lists.
 */
export const narrow = (r: EfficiencyResponse, stageId: string | undefined, itemId: string | undefined, view: 'all' | 'values' = 'all'): EfficiencyResponse => {
  if (stageId === undefined && itemId === undefined && view === 'all') return r
  return {
    ...r,
    values: itemId === undefined ? r.values : r.values.filter((v) => v.itemId === itemId),
    crafts: itemId === undefined ? r.crafts : r.crafts.filter((c) => c.itemId === itemId),
    stages:
      view === 'values'
        ? []
        : r.stages
            .filter((s) => (stageId === undefined || s.stageId === stageId) && (itemId === undefined || s.drops.some((d) => d.itemId === itemId)))
            .map((s) => (itemId === undefined ? s : { ...s, drops: s.drops.filter((d) => d.itemId === itemId) })),
  }
}

/** `GET /efficiency` (item values and stage efficiency, the farming guide's numbers) and its export. */
export const efficiencyRoutes: FastifyPluginAsyncZod<{ efficiency: EfficiencyService; catalog: CatalogService }> = async (app, { efficiency, catalog }) => {
  app.get(
    '/efficiency',
    {
      schema: {
        ...operation({ operationId: 'getEfficiency', access: 'anonymous' }),
        tags,
        summary: 'Item values (sanity per unit) and the efficiency of every open stage, with 95 % intervals',
        querystring: EfficiencyQuerySchema,
        response: { 200: EfficiencyResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { server, lmd = true, exp = true, stageId, itemId, view } = req.query
      const { response } = await efficiency.get({ server, lmd, exp })
      setPublicCache(reply, response.computedAt)
      return narrow(response, stageId, itemId, view)
    },
  )
  app.get(
    '/export/efficiency',
    {
      schema: {
        ...operation({
          operationId: 'exportEfficiency',
          access: 'anonymous',
          responses: {
            '200': {
              description: 'The file (`Content-Disposition: attachment`), with the CC BY-NC 4.0 attribution inside.',
              content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } },
            },
          },
        }),
        tags: ['share'],
        summary: 'Download the stage efficiency table (CSV or JSON, licence and attribution included)',
        querystring: ExportEfficiencyQuerySchema,
        response: { 200: z.string().describe('CSV text or JSON document'), 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { server, lmd = true, exp = true, format } = req.query
      const { response } = await efficiency.get({ server, lmd, exp })
      const day = new Date(response.computedAt).toISOString().slice(0, 10).replace(/-/g, '')
      const fileName = `dropwise-efficiency-${server}-${day}.${format}`
      let body: string
      if (format === 'json') body = JSON.stringify({ license: 'CC BY-NC 4.0', source: 'https://penguin-stats.io', ...response })
      else {
        const stages = new Map((await catalog.stageList(server)).map((s) => [s.stageId, s.code_i18n.en || s.code]))
        body = toCsv(response, (id) => stages.get(id) ?? id)
      }
      return reply
        .type(format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'public, max-age=300')
        .send(body)
    },
  )
}
