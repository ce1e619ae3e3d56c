import {
  buildRecruitTagLookup,
  checkRuns,
  MAX_REPORT_TIMES,
  normalizeDrops,
  normalizeReport,
  recruitTagErrorMessage,
  resolveRecruitTags,
  type RecruitTagLookup,
  type SubmittedDrop,
} from '@dropwise/report'
import { ERROR_MESSAGES, RecognitionEntrySchema, type Item, type RecognitionBatch, type ReportMetadata, type ReportRequest, type Server } from '@dropwise/schemas'
import { patternHash, RECRUIT_STAGE_ID, sourceCategory, canonicalPattern } from '@dropwise/stats'
import { ApiHttpError, invalidRequest, notFound } from '../../lib/errors'
import type { DataVersion } from '../../lib/data-version'
import type { Account, AccountsService } from '../accounts/accounts.service'
import type { CatalogService } from '../catalog/catalog.service'
import type { HeldReport } from '../held-reports/held-report'
import { looksLikeItemId, looksLikeStageId } from '../held-reports/held-ids'
import type { IdempotencyRecord, StoredResponse } from './idempotency.store'
import type { ReportWriter } from './report-writer'
import type { InsertOutcome, NewReport, ReportsRepository } from './reports.repository'

export interface SubmitContext {
  penguinId: string | null
  ip: string | null
  requestId: string
}

/** A report sent with an idempotency key: `answer` makes the response the key stores, before the report is written. */
export interface KeyedSubmit {
  key: string
  expiresAt: number
  answer: (result: { reportHash: string; assignedPenguinId: string | null }) => StoredResponse
}

export interface ReportsServiceDeps {
  catalog: CatalogService
  accounts: AccountsService
  repository: ReportsRepository
  writer: ReportWriter
  version: DataVersion
  clock: () => number
  /** Random letters and digits (the tail of report hashes). */
  randomAlnum: (length: number) => string
  /** Called after reports are stored (wakes the aggregation worker). */
  onStored?: () => void
  /**
   * Where reports for a stage or items the data does not know yet go (issue #36): kept and answered 200.
   * Without it such a stage is a 400 NOT_FOUND and unknown items are dropped (the public API's rules).
   */
  held?: HeldIntake
}

export interface HeldIntake {
  /** Stores a held report; resolves once it is committed. */
  hold: (report: HeldReport) => Promise<InsertOutcome>
  /** The owner's recall of a report still held: true when one was recalled. */
  recall: (reportHash: string, accountId: number, notBefore: number, now: number) => Promise<boolean>
}

/** One report as the write path takes it (`POST /report`, or one entry of a recognition batch). */
type ReportInput = { server: Server; stageId: string; source: string; version: string; drops?: SubmittedDrop[] | null; times?: number; metadata?: ReportMetadata | null }

/** A report ready to store, before it has an owner (the account is made only for a report that is stored). */
type Prepared = { held: false; report: Omit<NewReport, 'accountId'> } | { held: true; report: Omit<HeldReport, 'accountId'> }

/** `drops.0.quantity: Too small: expected number to be >=1` — the first problem of an invalid batch entry. */
const entryProblem = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const first = issues[0]
  if (!first) return ERROR_MESSAGES.invalidParams
  const field = first.path.map(String).join('.')
  return `invalid request: ${field ? `${field}: ` : ''}${first.message}`
}

/** A gacha-box report whose quantities sum past the runs one report may count: a 400 naming `drops`, never the database's check. */
const TOO_MANY_RUNS = `invalid request: drops: the quantities of a gacha-box report are its runs and may sum to at most ${MAX_REPORT_TIMES}`
const tooManyRuns = () => invalidRequest(TOO_MANY_RUNS, [{ field: 'drops', violation: 'lte', message: TOO_MANY_RUNS.slice('invalid request: '.length) }])
/** Why a batch entry of 0 runs (a gacha-box entry without known drops) is not stored. */
const NO_RUNS = 'invalid request: drops: a gacha-box entry without known drops has 0 runs and is not stored'

/** How long after its arrival the owner may recall a report (api-v2.md §7.6 and our stricter rule). */
export const RECALL_WINDOW_MS = 24 * 60 * 60 * 1000
export const RECALL_FAILED = 'report not existed or has already been recalled'

/** A memo that is forgotten when it fails (the database was down): the next report reads the catalog again. */
const forgetOnFailure = <T>(promise: Promise<T>, forget: () => void): Promise<T> => {
  promise.catch(forget)
  return promise
}

/**
 * Report intake (api-v2.md §7.2): shape is validated by the route; here identity, recruit tags, stage,
 * normalisation and storage. Semantic problems never change the answer: verification runs later and
 * only sets the stored report's reliability.
 */
export const createReportsService = (deps: ReportsServiceDeps) => {
  const { catalog, accounts, writer, clock } = deps
  let recruitLookup: Promise<RecruitTagLookup> | null = null
  // Follows the catalog: a new data version's items are known from its first report on.
  let knownItems: { list: Item[]; ids: Set<string> } | null = null
  const itemIds = async () => {
    const list = await catalog.itemList()
    if (knownItems?.list !== list) knownItems = { list, ids: new Set(list.map((i) => i.itemId)) }
    return knownItems.ids
  }

  // An unknown PenguinID is answered like none: the report gets a new account. That account is made
  // only once the report is ready to store, and deleted again when it is not stored after all, so a
  // request that stores nothing (refused, invalid, failed) leaves no account behind.
  const known = async (ctx: SubmitContext) => (ctx.penguinId ? await accounts.find(ctx.penguinId) : null)
  const accountFor = async (existing: Account | null, ctx: SubmitContext) =>
    existing ? { account: existing, assigned: false } : { account: await accounts.create(ctx.ip), assigned: true }

  /** What a stored and a held report both keep of their arrival: a new hash, who sent it from where, when. */
  const arrival = (input: ReportInput, ctx: SubmitContext, stageId: string) => ({
    reportHash: `${ctx.requestId}-${deps.randomAlnum(16)}`,
    server: input.server,
    stageId,
    source: input.source,
    version: input.version,
    category: sourceCategory(input.source),
    createdAt: clock(),
    ip: ctx.ip,
    md5: input.metadata?.md5 || null,
    metadata: input.metadata ?? null,
  })

  const prepare = async (input: ReportInput, ctx: SubmitContext): Promise<Prepared> => {
    let drops = input.drops ?? []
    if (input.stageId === RECRUIT_STAGE_ID) {
      const resolved = resolveRecruitTags(drops, await (recruitLookup ??= forgetOnFailure(catalog.itemList().then(buildRecruitTagLookup), () => (recruitLookup = null))))
      if (!resolved.ok) throw invalidRequest(recruitTagErrorMessage(resolved.tag))
      drops = resolved.drops as SubmittedDrop[]
    }
    let stageId = input.stageId
    let stage = await catalog.stageRecord(stageId)
    const items = await itemIds()
    const unknownItems = [...new Set(drops.filter((d) => !items.has(d.itemId)).map((d) => d.itemId))].sort()
    if (deps.held && (!stage || unknownItems.length > 0)) {
      if (!stage && !looksLikeStageId(stageId)) throw notFound()
      const odd = unknownItems.find((id) => !looksLikeItemId(id))
      if (odd !== undefined) throw invalidRequest(`invalid request: drops: ${JSON.stringify(odd.slice(0, 48))} is not an item id`)
      return {
        held: true,
        report: {
          ...arrival(input, ctx, stageId),
          drops: normalizeDrops(drops, () => true),
          times: input.times ?? null,
          reason: stage ? 'unknown-items' : 'unknown-stage',
          unknownItems,
        },
      }
    }
    if (!stage) throw notFound()
    // Old MAA builds report reruns under the permanent stage's id (api-v2.md §7.2, optional rule):
    // while the matching `_rep` stage is open, the report belongs to it.
    if (input.source === 'MeoAssistant' && stageId.endsWith('_perm')) {
      const rerun = `${stageId.slice(0, -'_perm'.length)}_rep`
      const rerunStage = await catalog.stageRecord(rerun)
      if (rerunStage && (await catalog.isStageOpen(rerun, input.server, clock()))) {
        stageId = rerun
        stage = rerunStage
      }
    }
    const normalized = normalizeReport({ drops, times: input.times ?? null }, { isGacha: stage.isGacha }, items)
    const runs = checkRuns(normalized)
    if (!runs.ok && runs.reason === 'too-many-runs') throw tooManyRuns()
    const pattern = canonicalPattern(normalized.drops)
    const report: Omit<NewReport, 'accountId'> = {
      ...arrival(input, ctx, stageId),
      patternHash: patternHash(pattern),
      pattern,
      drops: normalized.drops.map((d) => ({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })),
      times: normalized.times,
    }
    return { held: false, report }
  }

  /** Commits a prepared report where it belongs (its idempotency key with it); `onStored` is for reports the worker must verify. */
  const store = (p: Prepared, accountId: number, idempotency?: IdempotencyRecord): Promise<InsertOutcome> =>
    p.held ? (deps.held as HeldIntake).hold({ ...p.report, accountId, idempotency }) : writer.write({ ...p.report, accountId, idempotency })
  /** 0 runs (a gacha-box report without known drops) adds nothing to any statistic (api-v2.md §7.2 step 7). */
  const noRuns = (p: Prepared) => !p.held && p.report.times === 0

  /** One report, with its idempotency key when it was sent one; resolves once it is committed. */
  const submitOne = async (body: ReportRequest, ctx: SubmitContext, keyed?: KeyedSubmit) => {
    const existing = await known(ctx)
    const prepared = await prepare(body, ctx)
    const hash = prepared.report.reportHash
    // Answered like any report, but neither stored nor given an account (nor its key: nothing to replay).
    if (noRuns(prepared)) return { result: { reportHash: hash, assignedPenguinId: null }, outcome: { stored: true } as InsertOutcome }
    const { account, assigned } = await accountFor(existing, ctx)
    const result = { reportHash: hash, assignedPenguinId: assigned ? account.penguin_id : null }
    const idempotency = keyed && { key: keyed.key, response: keyed.answer(result), expiresAt: keyed.expiresAt }
    let outcome: InsertOutcome
    try {
      outcome = await store(prepared, account.account_id, idempotency)
    } catch (err) {
      if (assigned) await accounts.discard(account, ctx.ip).catch(() => {})
      throw err
    }
    // A replay stores nothing: the account made for it names nothing either.
    if (!outcome.stored && assigned) await accounts.discard(account, ctx.ip).catch(() => {})
    if (outcome.stored && !prepared.held) deps.onStored?.()
    return { result, idempotency, outcome }
  }

  return {
    /** Stores one report; resolves once it is committed. */
    async submit(body: ReportRequest, ctx: SubmitContext) {
      return (await submitOne(body, ctx)).result
    },

    /**
     * `submit` with an idempotency key: the key and its answer are committed with the report, and the
     * answer is returned. When the key already named a stored answer (a retry of a request whose answer
     * was lost in a crash, a duplicate that ran elsewhere), nothing is stored and that answer is returned.
     */
    async submitKeyed(body: ReportRequest, ctx: SubmitContext, keyed: KeyedSubmit) {
      const { result, idempotency, outcome } = await submitOne(body, ctx, keyed)
      if (!outcome.stored) return { response: outcome.answer, replayed: true }
      return { response: idempotency?.response ?? keyed.answer(result), replayed: false }
    },

    /**
     * A batch of recognised screenshots (`POST /report/recognition`): each entry is one report with
     * times 1. Entries that cannot be stored (unknown stage …) are listed in `errors`; the rest are kept.
     */
    async submitRecognition(batch: RecognitionBatch, ctx: SubmitContext) {
      const existing = await known(ctx)
      const errors: { index: number; message: string }[] = []
      const prepared: { index: number; entry: Prepared }[] = []
      for (const [index, raw] of batch.batchDrops.entries()) {
        const parsed = RecognitionEntrySchema.safeParse(raw)
        if (!parsed.success) {
          errors.push({ index, message: entryProblem(parsed.error.issues) })
          continue
        }
        const entry = parsed.data
        try {
          const input = {
            server: batch.server,
            source: batch.source,
            version: batch.version,
            stageId: entry.stageId,
            drops: entry.drops ?? [],
            times: 1,
            metadata: entry.metadata ?? null,
          }
          const ready = await prepare(input, ctx)
          if (noRuns(ready)) errors.push({ index, message: NO_RUNS })
          else prepared.push({ index, entry: ready })
        } catch (err) {
          if (!(err instanceof ApiHttpError)) throw err
          errors.push({ index, message: err.message })
        }
      }
      // No account for a batch with nothing to store.
      const identity = prepared.length > 0 ? await accountFor(existing, ctx) : null
      // The writer isolates failures: an entry the database refuses fails alone and is listed; the rest are stored.
      const written = identity ? await Promise.allSettled(prepared.map((p) => store(p.entry, identity.account.account_id))) : []
      const stored = written.some((o) => o.status === 'fulfilled')
      if (identity?.assigned && !stored) await accounts.discard(identity.account, ctx.ip).catch(() => {})
      written.forEach((outcome, i) => {
        if (outcome.status === 'rejected') errors.push({ index: prepared[i]?.index ?? -1, message: ERROR_MESSAGES.internal })
      })
      if (written.some((o, i) => o.status === 'fulfilled' && !prepared[i]?.entry.held)) deps.onStored?.()
      errors.sort((a, b) => a.index - b.index)
      return { taskId: `${ctx.requestId}-${deps.randomAlnum(16)}`, errors, assignedPenguinId: identity?.assigned && stored ? identity.account.penguin_id : null }
    },

    /** Only the owner may recall, within 24 h, once (api-v2.md §7.6 and our stricter rule). */
    async recall(reportHash: string, penguinId: string | null) {
      const account = penguinId ? await accounts.find(penguinId) : null
      if (!account) throw invalidRequest(RECALL_FAILED)
      const now = clock()
      const gacha = new Set((await catalog.stageRecords()).filter((s) => s.isGacha).map((s) => s.stageId))
      const outcome = await deps.repository.recall(reportHash, account.account_id, now - RECALL_WINDOW_MS, now, (id) => gacha.has(id))
      if (outcome === null && deps.held && (await deps.held.recall(reportHash, account.account_id, now - RECALL_WINDOW_MS, now))) return
      if (outcome === null) throw invalidRequest(RECALL_FAILED)
      if (typeof outcome === 'number') deps.version.advance(outcome)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
