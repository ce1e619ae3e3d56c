/**
 * Input and output shapes of the planner. The input data types follow the v2 API wire shapes
 * (api-v2 §5.1, §5.2, §5.5, §6.7) structurally, keeping only the fields the planner reads, so a
 * full `ItemV2`/`StageV2`/`MatrixElement`/`Formula` object from `@dropwise/schemas` is assignable.
 */

/** Game region. */
export type Server = 'CN' | 'US' | 'JP' | 'KR'

/** Language of a game text; the planner also accepts `id` ("print ids instead of names"). */
export type Lang = 'zh' | 'en' | 'ja' | 'ko'

/** `input_lang` / `output_lang` of an ArkPlanner request. `id` is what the web client sends. */
export type PlannerLang = Lang | 'id'

/** Texts per language; keys may be missing for some texts (api-v2 §5). */
export type I18n = Partial<Record<Lang, string>>

/** Whether a stage or item exists on one server. */
export interface ServerExistence {
  exist: boolean
}

/** An item as served by `GET /items` (api-v2 §5.1); only the fields the planner reads. */
export interface PlannerItem {
  itemId: string
  /** Chinese name (= `name_i18n.zh`); the value list skips items by this name. */
  name: string
  name_i18n?: I18n
}

/** A stage as served by `GET /stages?server=S` (api-v2 §5.2); only the fields the planner reads. */
export interface PlannerStage {
  stageId: string
  /** Chinese display code, e.g. `1-7`; the fixed LMD overrides match on it. */
  code: string
  code_i18n?: I18n
  /** Sanity per run. */
  apCost: number
  existence: Partial<Record<Server, ServerExistence>>
  /** Present only while the stage is open on the requested server (api-v2 §5.2). */
  dropInfos?: readonly unknown[]
}

/** A drop-matrix element (api-v2 §5.5). Drop rate per run = `quantity / times`. */
export interface PlannerMatrixElement {
  stageId: string
  itemId: string
  /** Runs sampled. */
  times: number
  /** Items dropped in those runs. */
  quantity: number
  /** Standard deviation of the per-run count (api-v2 §5.5); the farming guide's intervals use it. */
  stdDev?: number
  /** Epoch ms; `null` while the period is still open. */
  end: number | null
}

/** One Penguin crafting formula (api-v2 §6.7). */
export interface PlannerFormula {
  /** Produced item id. */
  id: string
  name?: string
  /** LMD per craft. */
  goldCost: number
  /** Items made per craft; 1 when missing (Penguin's formulas). A goals plan's chip conversions make 2. */
  count?: number
  costs: readonly { id: string; count: number }[]
  extraOutcome: readonly { id: string; count: number; weight: number }[]
  /** Sum of `extraOutcome` weights; recomputed from the weights when missing or 0. */
  totalWeight?: number
}

/** Everything the planner reads for one server: the API's answers for that server. */
export interface PlannerData {
  /** `GET /items`. */
  items: readonly PlannerItem[]
  /** `GET /stages?server=S` for the server the matrix belongs to. */
  stages: readonly PlannerStage[]
  /** `GET /result/matrix?server=S` elements. */
  matrix: readonly PlannerMatrixElement[]
  /** `GET /formula`. */
  formulas: readonly PlannerFormula[]
  /**
   * "Now" in epoch ms for the rule "rows whose `end` is set and at or before now are skipped".
   * When omitted every row with an `end` is skipped: the API only sets `end` on closed periods.
   */
  now?: number
}

/**
 * ArkPlanner's request body (POST /plan), as the Penguin web client and ArkPlanner's own
 * front end send it. Unknown keys are ignored.
 */
export interface PlanRequest {
  /** Item id (or name in `input_lang`) → count needed. */
  required?: Record<string, number>
  /** Item id (or name in `input_lang`) → count owned. Zeros may be omitted. */
  owned?: Record<string, number>
  /** Count crafting by-products (the 18 % extra outcome). Default false. */
  extra_outc?: boolean
  /** `true`: demand 1e9 exp points (values exp); number: that many points; false: none. */
  exp_demand?: boolean | number
  /** `true`: demand 1e9 LMD (values LMD); number: that much LMD; false: none. */
  gold_demand?: boolean | number
  /** Stage ids, or stage codes in the server's language, to leave out. */
  exclude?: readonly string[]
  /** Language of the keys of `required`/`owned` (`id`: item ids). Keys that are not item ids are
   * also looked up as names in this language. Default `id`. */
  input_lang?: PlannerLang
  /** Language of names in the answer; `id` prints item and stage ids. Default `id`. */
  output_lang?: PlannerLang
  /** Server whose stages and matrix to use. Default `CN`. */
  server?: Server
  /** By-product rate (default 0.18). The web planner never sends it. */
  convertion_dr?: number
  /** ArkPlanner's store-price comparison; accepted and ignored. */
  store?: boolean
  /**
   * Dropwise: a goals plan (goal-plan.ts). Also plans Skill Summaries, chips and dual chips (workshop and factory
   * crafts), buys the Chip Catalysts the stock lacks (`purchases`), and lists every stage run, supply stages (CA, PR,
   * CE, LS, …) included, with `cost` counting them all. Default false: ArkPlanner's answer.
   */
  goals?: boolean
}

/** A stage to run in the plan. */
export interface PlanStage {
  /** Stage id (output_lang `id`) or code in `output_lang`. */
  stage: string
  /** Runs: `%.1f` below 1, otherwise rounded to an integer. */
  count: string
  /** Item → expected drops over those runs, same formatting; 5-character item ids only. */
  items: Record<string, string>
}

/** A craft to do in the plan. */
export interface PlanSynthesis {
  /** Produced item id or name. */
  target: string
  /** Crafts, `int(t + 0.9)`. */
  count: string
  /** Material → amount consumed (`%.1f`). */
  materials: Record<string, string>
}

/** Item values of one rarity level (`'5'` … `'1'`). */
export interface PlanValueLevel {
  level: string
  /** Sorted by value, high to low. `value` is `%.2f` above 0.1, else `%.5f` (sanity per item). */
  items: { name: string; value: string }[]
}

/** Outcome of the LP, for diagnostics and benchmarks. */
export interface LpSummary {
  status: LpStatus
  /**
   * Optimum net of the LMD/exp pseudo-demands (`c·x − 1e9·(y_lmd + y_exp)` for the ones set to
   * `true`), in sanity. `null` when there is no optimum.
   */
  objective: number | null
  /** Wall time of build + solve as measured by the injected clock; `null` without a clock. */
  solveMs: number | null
  /** Sanity per LMD (dual of the LMD row). */
  valueLmd: number | null
  /** Sanity per exp point (dual of the exp row). */
  valueExp: number | null
}

/** LP outcome. */
export type LpStatus = 'optimal' | 'infeasible' | 'unbounded' | 'error'

/** A successful plan in ArkPlanner's response shape, plus `lp`. */
export interface PlanSuccess {
  error?: false
  /** Sanity on stages other than LS/CE run ≥ 0.1 times (integer). */
  cost: number
  /** LMD spent on crafting (integer). */
  gcost: number
  /** LMD dropped by the stages counted in `cost` (integer). */
  gold: number
  /** Exp from 2001/2002/2003 cards dropped by the stages counted in `cost` (integer). */
  exp: number
  stages: PlanStage[]
  syntheses: PlanSynthesis[]
  values: PlanValueLevel[]
  /** Goals plans only: items to buy in the store (the Chip Catalysts the stock lacks), whole counts. */
  purchases?: PlanPurchase[]
  lp: LpSummary
}

/** An item a goals plan buys in the store. */
export interface PlanPurchase {
  /** Item id or name (`output_lang`). */
  item: string
  count: number
}

/** Why a plan failed, for code; `reason` is for players. */
export type PlanFailureCode = 'unobtainable-item' | 'unknown-item' | 'bad-request' | 'infeasible' | 'solver-error'

/** A failed plan: ArkPlanner's `{error: true, reason}`, plus a machine-readable code. */
export interface PlanFailure {
  error: true
  reason: string
  code: PlanFailureCode
  /** Item ids concerned (unobtainable or unknown items), when known. */
  items?: string[]
  lp?: LpSummary
}

/** The answer to a plan request. */
export type PlanResponse = PlanSuccess | PlanFailure
