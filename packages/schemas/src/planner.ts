import { z } from 'zod'
import { ServerSchema } from './common'

const PlannerLangSchema = z.enum(['zh', 'en', 'ja', 'ko', 'id'])
/**
 * The largest count or demand a plan takes. Far above any inventory (the game caps item stacks well below
 * it), and far below where the LP solver's arithmetic breaks down (it treats 1e20 as infinity).
 */
export const PLANNER_MAX_COUNT = 1e9
const CountSchema = z.number().finite().min(0).max(PLANNER_MAX_COUNT)
const CountsSchema = z.record(z.string(), CountSchema)

/** ArkPlanner's `/plan` request (what the web planner and third-party tools send). */
export const PlannerRequestSchema = z
  .object({
    required: CountsSchema.optional(),
    owned: CountsSchema.optional(),
    extra_outc: z.boolean().optional(),
    exp_demand: z.union([z.boolean(), CountSchema]).optional(),
    gold_demand: z.union([z.boolean(), CountSchema]).optional(),
    exclude: z.array(z.string()).optional(),
    input_lang: PlannerLangSchema.optional(),
    output_lang: PlannerLangSchema.optional(),
    server: ServerSchema.optional(),
    convertion_dr: z.number().min(0).max(1).optional(),
    store: z.boolean().optional(),
    goals: z.boolean().optional().describe('Dropwise: a goals plan (Skill Summaries, chips and dual chips crafted, Chip Catalysts bought, every stage run listed)'),
  })
  .meta({ id: 'PlannerRequest' })

/** ArkPlanner's answer plus `lp` (extra keys are harmless to ArkPlanner clients); or `{error, reason}`. */
export const PlannerResponseSchema = z
  .object({
    cost: z.number().optional(),
    gcost: z.number().optional(),
    gold: z.number().optional(),
    exp: z.number().optional(),
    stages: z.array(z.object({ stage: z.string(), count: z.string(), items: z.record(z.string(), z.string()) })).optional(),
    syntheses: z.array(z.object({ target: z.string(), count: z.string(), materials: z.record(z.string(), z.string()) })).optional(),
    values: z.array(z.object({ level: z.string(), items: z.array(z.object({ name: z.string(), value: z.string() })) })).optional(),
    purchases: z
      .array(z.object({ item: z.string(), count: z.number() }))
      .optional()
      .describe('goals plans only: items to buy in the store (Chip Catalysts the stock lacks)'),
    lp: z
      .object({
        status: z.enum(['optimal', 'infeasible', 'unbounded', 'error']),
        objective: z.number().nullable().describe('optimum net of the 1e9 LMD/exp pseudo-demands, in sanity'),
        solveMs: z.number().nullable(),
        valueLmd: z.number().nullable(),
        valueExp: z.number().nullable(),
      })
      .optional(),
    code: z.string().optional(),
    items: z.array(z.string()).optional(),
    error: z.boolean().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'PlannerResponse' })
