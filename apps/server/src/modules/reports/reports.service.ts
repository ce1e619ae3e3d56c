import { buildRecruitTagLookup, normalizeReport, recruitTagErrorMessage, resolveRecruitTags, type RecruitTagLookup, type SubmittedDrop } from '@dropwise/report'
import { ERROR_MESSAGES, RecognitionEntrySchema, type RecognitionBatch, type ReportMetadata, type ReportRequest, type Server } from '@dropwise/schemas'
import { patternHash, RECRUIT_STAGE_ID, sourceCategory, canonicalPattern } from '@dropwise/stats'
import { ApiHttpError, invalidRequest, notFound } from '../../lib/errors'
import type { DataVersion } from '../../lib/data-version'
import type { Account, AccountsService } from '../accounts/accounts.service'
import type { CatalogService } from '../catalog/catalog.service'
import type { StoredResponse } from './idempotency.store'
import type { ReportWriter } from './report-writer'
import type { NewReport, ReportsRepository } from './reports.repository'

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
}

/** `drops.0.quantity: Too small: expected number to be >=1` — the first problem of an invalid batch entry. */
const entryProblem = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const first = issues[0]
  if (!first) return ERROR_MESSAGES.invalidParams
  const field = first.path.map(String).join('.')
  return `invalid request: ${field ? `${field}: ` : ''}${first.message}`
}

const RECALL_WINDOW_MS = 24 * 60 * 60 * 1000
export const RECALL_FAILED = 'report not existed or has already been recalled'

/**
 * Report intake (api-v2.md §7.2): shape is validated by the route; here identity, recruit tags, stage,
 * normalisation and storage. Semantic problems never change the answer: verification runs later and
 * only sets the stored report's reliability.
 */
export const createReportsService = (deps: ReportsServiceDeps) => {
  const { catalog, accounts, writer, clock } = deps
  let recruitLookup: Promise<RecruitTagLookup> | null = null
  let knownItems: Promise<Set<string>> | null = null

  const identity = async (ctx: SubmitContext): Promise<{ account: Account; assigned: boolean }> => {
    const existing = ctx.penguinId ? await accounts.find(ctx.penguinId) : null
    if (existing) return { account: existing, assigned: false }
    return { account: await accounts.create(ctx.ip), assigned: true }
  }

  const prepare = async (
    input: { server: Server; stageId: string; source: string; version: string; drops?: SubmittedDrop[] | null; times?: number; metadata?: ReportMetadata | null },
    account: Account,
    ctx: SubmitContext,
  ): Promise<NewReport> => {
    let drops = input.drops ?? []
    if (input.stageId === RECRUIT_STAGE_ID) {
      const resolved = resolveRecruitTags(drops, await (recruitLookup ??= catalog.itemList().then(buildRecruitTagLookup)))
      if (!resolved.ok) throw invalidRequest(recruitTagErrorMessage(resolved.tag))
      drops = resolved.drops as SubmittedDrop[]
    }
    let stageId = input.stageId
    let stage = await catalog.stageRecord(stageId)
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
    const items = await (knownItems ??= catalog.itemList().then((list) => new Set(list.map((i) => i.itemId))))
    const normalized = normalizeReport({ drops, times: input.times ?? null }, { isGacha: stage.isGacha }, items)
    const pattern = canonicalPattern(normalized.drops)
    return {
      reportHash: `${ctx.requestId}-${deps.randomAlnum(16)}`,
      server: input.server,
      stageId,
      patternHash: patternHash(pattern),
      pattern,
      drops: normalized.drops.map((d) => ({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })),
      times: normalized.times,
      accountId: account.account_id,
      source: input.source,
      version: input.version,
      category: sourceCategory(input.source),
      createdAt: clock(),
      ip: ctx.ip,
      md5: input.metadata?.md5 || null,
      metadata: input.metadata ?? null,
    }
  }

  return {
    /** Stores one report; resolves once it is committed. */
    async submit(body: ReportRequest, ctx: SubmitContext) {
      const { account, assigned } = await identity(ctx)
      const report = await prepare(body, account, ctx)
      await writer.write(report)
      deps.onStored?.()
      return { reportHash: report.reportHash, assignedPenguinId: assigned ? account.penguin_id : null }
    },

    /**
     * `submit` with an idempotency key: the key and its answer are committed with the report, and the
     * answer is returned. When the key already named a stored answer (a retry of a request whose answer
     * was lost in a crash, a duplicate that ran elsewhere), nothing is stored and that answer is returned.
     */
    async submitKeyed(body: ReportRequest, ctx: SubmitContext, keyed: KeyedSubmit) {
      const { account, assigned } = await identity(ctx)
      const report = await prepare(body, account, ctx)
      const response = keyed.answer({ reportHash: report.reportHash, assignedPenguinId: assigned ? account.penguin_id : null })
      const outcome = await writer.write({ ...report, idempotency: { key: keyed.key, response, expiresAt: keyed.expiresAt } })
      if (!outcome.stored) return { response: outcome.answer, replayed: true }
      deps.onStored?.()
      return { response, replayed: false }
    },

    /**
     * A batch of recognised screenshots (`POST /report/recognition`): each entry is one report with
     * times 1. Entries that cannot be stored (unknown stage …) are listed in `errors`; the rest are kept.
     */
    async submitRecognition(batch: RecognitionBatch, ctx: SubmitContext) {
      const { account, assigned } = await identity(ctx)
      const errors: { index: number; message: string }[] = []
      const prepared: { index: number; report: NewReport }[] = []
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
          prepared.push({ index, report: await prepare(input, account, ctx) })
        } catch (err) {
          if (!(err instanceof ApiHttpError)) throw err
          errors.push({ index, message: err.message })
        }
      }
      // The writer isolates failures: an entry the database refuses fails alone and is listed; the rest are stored.
      const written = await Promise.allSettled(prepared.map((p) => writer.write(p.report)))
      written.forEach((outcome, i) => {
        if (outcome.status === 'rejected') errors.push({ index: prepared[i]?.index ?? -1, message: ERROR_MESSAGES.internal })
      })
      if (written.some((o) => o.status === 'fulfilled')) deps.onStored?.()
      errors.sort((a, b) => a.index - b.index)
      return { taskId: `${ctx.requestId}-${deps.randomAlnum(16)}`, errors, assignedPenguinId: assigned ? account.penguin_id : null }
    },

    /** Only the owner may recall, within 24 h, once (api-v2.md §7.6 and our stricter rule). */
    async recall(reportHash: string, penguinId: string | null) {
      const account = penguinId ? await accounts.find(penguinId) : null
      if (!account) throw invalidRequest(RECALL_FAILED)
      const now = clock()
      const gacha = new Set((await catalog.stageRecords()).filter((s) => s.isGacha).map((s) => s.stageId))
      const outcome = await deps.repository.recall(reportHash, account.account_id, now - RECALL_WINDOW_MS, now, (id) => gacha.has(id))
      if (outcome === null) throw invalidRequest(RECALL_FAILED)
      if (typeof outcome === 'number') deps.version.advance(outcome)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
