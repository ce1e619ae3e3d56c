import { z } from 'zod'
import { ServerSchema } from './common'

/**
 * Arknights operators (the game's characters, not the site's operators of `./operators.ts`) and what raising them
 * costs, as the seed's `operators.json` and `GET /api/v2/operators` carry them, and the operator goals of
 * `POST /api/v2/planner/operators` (issue 39). Ids are arknights-toolbox's (`102_texas`, `002_amiya`), item ids the
 * game's; the module tokens keep their toolbox ids (`mod_unlock_token`, `mod_update_token_1`, `mod_update_token_2`).
 */

/** The game's eight classes, named as its character table names them (Vanguard is `PIONEER`, Guard `WARRIOR`, …). */
export const PROFESSIONS = ['PIONEER', 'WARRIOR', 'TANK', 'SNIPER', 'CASTER', 'MEDIC', 'SUPPORT', 'SPECIAL'] as const
export const professionSchema = z.enum(PROFESSIONS)
export type Profession = z.infer<typeof professionSchema>

/** Highest stage of a module, mastery of a skill, skill level and elite phase the game has. */
export const MAX_MODULE_STAGE = 3
export const MAX_MASTERY = 3
export const MAX_SKILL_LEVEL = 7
export const MAX_ELITE = 2

/** Item id → count (positive integers). */
export const itemCountsSchema = z.record(z.string().min(1), z.number().int().positive())
export type ItemCounts = z.infer<typeof itemCountsSchema>

const nameI18nSchema = z.object({ zh: z.string(), en: z.string().optional(), ja: z.string().optional(), ko: z.string().optional() })
const partialNameI18nSchema = z.object({ zh: z.string(), en: z.string(), ja: z.string(), ko: z.string() }).partial()
const threeCosts = z.tuple([itemCountsSchema, itemCountsSchema, itemCountsSchema])

export const operatorMasterySchema = z.object({
  skillId: z.string().min(1),
  name_i18n: partialNameI18nSchema,
  costs: threeCosts.describe('Mastery 1, 2 and 3'),
  form: z.string().min(1).optional().describe("the form the skill belongs to when it is not the operator's first (Amiya: `amiya2` Guard, `amiya3` Medic)"),
})
export type OperatorMastery = z.infer<typeof operatorMasterySchema>

export const operatorModuleSchema = z.object({
  id: z.string().min(1),
  name_i18n: partialNameI18nSchema,
  costs: threeCosts.describe('stage 1, 2 and 3'),
  form: z.string().min(1).optional().describe('as a mastery’s `form`: the form the module belongs to (Amiya’s)'),
})
export type OperatorModule = z.infer<typeof operatorModuleSchema>

export const operatorSchema = z
  .object({
    id: z.string().min(1).describe('arknights-toolbox id, e.g. `102_texas`'),
    star: z.number().int().min(1).max(6),
    profession: professionSchema,
    servers: z.array(ServerSchema).describe('servers the operator is released on'),
    name: z.string().min(1).describe('Chinese name'),
    name_i18n: nameI18nSchema,
    pron: z.object({ pinyin: z.string(), pinyinHead: z.string(), romaji: z.string() }),
    elite: z
      .array(itemCountsSchema)
      .max(MAX_ELITE)
      .describe('materials of Elite 1 and Elite 2 (LMD is in the level table); [] for 1-2 stars, one (empty) entry for 3 stars'),
    skills: z
      .array(itemCountsSchema)
      .max(MAX_SKILL_LEVEL - 1)
      .describe('cost of skill level 2..7 (index 0: level 1 → 2); [] without skills'),
    masteries: z.array(operatorMasterySchema).describe('one per skill, in the game’s order; Amiya’s other forms’ skills follow hers, with `form`'),
    modules: z.array(operatorModuleSchema),
  })
  .meta({ id: 'Operator' })
export type Operator = z.infer<typeof operatorSchema>

const intRows = z.array(z.array(z.number().int().min(0)))
export const levelTableSchema = z
  .object({
    maxLevel: intRows.describe('[star - 1][elite]: the highest level of each elite phase'),
    exp: intRows.describe('[elite][level - 1]: EXP from `level` to `level + 1`'),
    lmd: intRows.describe('[elite][level - 1]: LMD from `level` to `level + 1`'),
    eliteLmd: intRows.describe('[star - 1][0 | 1]: LMD of Elite 1 and Elite 2'),
  })
  .meta({ id: 'OperatorLevelTable' })
export type LevelTable = z.infer<typeof levelTableSchema>

/** `GET /api/v2/operators?server=CN`: the operators released on the server and the level table. */
export const operatorsListResponseSchema = z.object({ operators: z.array(operatorSchema), levels: levelTableSchema }).meta({ id: 'OperatorList' })
export type OperatorsListResponse = z.infer<typeof operatorsListResponseSchema>

/** The seed's `operators.json`: every operator (all servers), sorted by id, and the level table. */
export const seedOperatorsSchema = z.object({ levels: levelTableSchema, operators: z.array(operatorSchema) })
export type SeedOperators = z.infer<typeof seedOperatorsSchema>

export const operatorStateSchema = z
  .object({
    elite: z.number().int().min(0).max(MAX_ELITE),
    level: z.number().int().min(1).max(90),
    skill: z.number().int().min(1).max(MAX_SKILL_LEVEL).describe('the skill level shared by every skill (1-7)'),
    masteries: z
      .array(z.number().int().min(0).max(MAX_MASTERY))
      .max(16)
      .optional()
      .describe('one per skill, in the order of the operator’s `masteries` (Amiya: her 3 skills, then Guard’s 2, then Medic’s 2); left out: none'),
    modules: z
      .record(z.string().min(1).max(100), z.number().int().min(0).max(MAX_MODULE_STAGE))
      .optional()
      .describe('module id → stage (0-3); a module left out is at stage 0'),
  })
  .meta({ id: 'OperatorState' })
export type OperatorState = z.infer<typeof operatorStateSchema>

export const operatorGoalSchema = z
  .object({ operator: z.string().min(1).max(100).describe('operator id, e.g. `102_texas`'), from: operatorStateSchema, to: operatorStateSchema })
  .meta({ id: 'OperatorGoal' })
export type OperatorGoal = z.infer<typeof operatorGoalSchema>

/** The most goals one request may carry (every operator the game has, three times over). */
export const OPERATOR_GOALS_MAX = 1000

export const operatorsPlanRequestSchema = z
  .object({ server: ServerSchema, goals: z.array(operatorGoalSchema).min(1).max(OPERATOR_GOALS_MAX) })
  .meta({ id: 'OperatorsPlanRequest' })
export type OperatorsPlanRequest = z.infer<typeof operatorsPlanRequestSchema>

const costTotalsShape = {
  items: z.record(z.string(), z.number().int().min(0)).describe('materials and module tokens by item id'),
  lmd: z.number().int().min(0).describe('levelling and promotions'),
  exp: z.number().int().min(0).describe('levelling'),
}
export const operatorGoalCostSchema = z.object({ operator: z.string(), ...costTotalsShape }).meta({ id: 'OperatorGoalCost' })
export type OperatorGoalCost = z.infer<typeof operatorGoalCostSchema>

export const operatorsPlanResponseSchema = z
  .object({ ...costTotalsShape, perGoal: z.array(operatorGoalCostSchema).describe('one per goal, in the request’s order') })
  .meta({ id: 'OperatorsPlanResponse' })
export type OperatorsPlanResponse = z.infer<typeof operatorsPlanResponseSchema>
