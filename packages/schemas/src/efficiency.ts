import { z } from 'zod'
import { ServerSchema } from './common'
import { QueryBooleanSchema } from './queries'

/** The server, and whether LMD and exp are valued (the planner's defaults: both). */
const EfficiencyChoiceSchema = z.object({
  server: ServerSchema.default('CN'),
  lmd: QueryBooleanSchema.optional().describe('value LMD (the planner’s gold_demand); default true'),
  exp: QueryBooleanSchema.optional().describe('value exp (the planner’s exp_demand); default true'),
})

/** `GET /efficiency` query: the choice, and optionally one stage's or one item's part of the answer (docs/api-extensions.md §3f). */
export const EfficiencyQuerySchema = EfficiencyChoiceSchema.extend({
  stageId: z.string().min(1).max(128).optional().describe('only this stage in `stages` (the same figures as in the whole answer)'),
  itemId: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('only this item in `values`, only the stages it drops from in `stages`, only it in their `drops`, and only its own formula in `crafts`'),
  view: z.enum(['all', 'values']).optional().describe('`values`: no `stages` (the values and crafts only, a few KB); default `all`'),
})
export type EfficiencyQuery = z.infer<typeof EfficiencyQuerySchema>

export const ExportEfficiencyQuerySchema = EfficiencyChoiceSchema.extend({ format: z.enum(['csv', 'json']).default('csv') })

const IntervalSchema = z.tuple([z.number(), z.number()]).describe('95 % interval [lo, hi]')

export const StageDropWorthSchema = z.object({
  itemId: z.string(),
  perRun: z.number().describe('expected units per run'),
  times: z.number().int().nullable().describe('runs behind the rate; null for drops the model fixes (LMD, LS-6 exp cards)'),
  sanityPerItem: z.number().describe('apCost / perRun: sanity per unit when farming this stage for this item'),
  interval: z.tuple([z.number(), z.number().nullable()]).describe('95 % interval of sanityPerItem; hi null when unbounded'),
  wide: z.boolean().describe('the interval is too wide to rank stages on (half-width over 10 %)'),
})

export const StageEfficiencySchema = z
  .object({
    stageId: z.string(),
    apCost: z.number(),
    efficiency: z.number().describe('Σ(drop rate × item value) / apCost; ≤ 1, and 1 for stages the planner uses'),
    interval: IntervalSchema,
    parts: z.object({ material: z.number(), lmd: z.number(), exp: z.number() }),
    used: z.boolean().describe('the planner’s optimum runs this stage'),
    wide: z.boolean(),
    drops: z.array(StageDropWorthSchema),
  })
  .meta({ id: 'StageEfficiency' })
export type StageEfficiencyWire = z.infer<typeof StageEfficiencySchema>

/** One workshop formula at the item values (docs/api-extensions.md §3f). */
export const CraftCostSchema = z.object({
  itemId: z.string().describe('the crafted item'),
  sanityPerItem: z
    .number()
    .describe('what one crafted unit costs with its materials and LMD paid at their values; ≥ the item’s value, equal for crafts the planner uses'),
  goldCost: z.number().describe('LMD per craft'),
  materials: z.array(z.object({ itemId: z.string(), count: z.number() })).describe('materials per craft, LMD excluded'),
  used: z.boolean().describe('the planner’s optimum crafts it'),
})
export type CraftCostWire = z.infer<typeof CraftCostSchema>

/** `GET /efficiency`: item values (sanity per unit) and every open stage's efficiency, with intervals. */
export const EfficiencyResponseSchema = z
  .object({
    server: ServerSchema,
    computedAt: z.number().int().describe('epoch ms of the computation'),
    lmd: z.boolean(),
    exp: z.boolean(),
    valueLmd: z.number().describe('sanity per LMD'),
    valueExp: z.number().describe('sanity per exp point'),
    values: z.array(z.object({ itemId: z.string(), value: z.number().describe('sanity per unit') })),
    stages: z.array(StageEfficiencySchema),
    crafts: z.array(CraftCostSchema).describe('every formula whose product has a value'),
    attribution: z.string(),
    basis: z
      .string()
      .describe('what the numbers stand on, with dates: "Basis: Penguin Statistics up to <ISO time>, plus N runs reported here." (docs/api-extensions.md §3n)'),
  })
  .meta({ id: 'EfficiencyResponse' })
export type EfficiencyResponse = z.infer<typeof EfficiencyResponseSchema>
