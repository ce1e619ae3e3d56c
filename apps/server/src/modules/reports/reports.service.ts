import { buildRecruitTagLookup, normalizeReport, recruitTagErrorMessage, resolveRecruitTags, type RecruitTagLookup, type SubmittedDrop } from '@dropwise/report'
import type { RecognitionBatch, ReportMetadata, ReportRequest, Server } from '@dropwise/schemas'
import { patternHash, RECRUIT_STAGE_ID, sourceCategory, canonicalPattern } from '@dropwise/stats'
import { invalidRequest, notFound } from '../../lib/errors'
import type { DataVersion } from '../../lib/data-version'
import type { Account, AccountsService } from '../accounts/accounts.service'
import type { CatalogService } from '../catalog/catalog.service'
import type { ReportWriter } from './report-writer'
import type { NewReport, ReportsRepository } from './reports.repository'

export interface SubmitContext {
  penguinId: string | null
  ip: string | null
  requestId: string
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
    let stage = await catalog.stageRow(stageId)
    if (!stage) throw notFound()
    // Old MAA builds report reruns under the permanent stage's id (api-v2.md §7.2, optional rule):
    // while the matching `_rep` stage is open, the report belongs to it.
    if (input.source === 'MeoAssistant' && stageId.endsWith('_perm')) {
      const rerun = `${stageId.slice(0, -'_perm'.length)}_rep`
      const rerunRow = await catalog.stageRow(rerun)
      if (rerunRow && (await catalog.isStageOpen(rerun, input.server, clock()))) {
        stageId = rerun
        stage = rerunRow
      }
    }
    const items = await (knownItems ??= catalog.itemList().then((list) => new Set(list.map((i) => i.itemId))))
    const normalized = normalizeReport({ drops, times: input.times ?? null }, { isGacha: stage.is_gacha }, items)
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
     * A batch of recognised screenshots (`POST /report/recognition`): each entry is one report with
     * times 1. Entries that cannot be stored (unknown stage …) are listed in `errors`; the rest are kept.
     */
    async submitRecognition(batch: RecognitionBatch, ctx: SubmitContext) {
      const { account, assigned } = await identity(ctx)
      const errors: { index: number; message: string }[] = []
      const reports: NewReport[] = []
      for (const [index, entry] of batch.batchDrops.entries()) {
        try {
          reports.push(
            await prepare(
              { server: batch.server, source: batch.source, version: batch.version, stageId: entry.stageId, drops: entry.drops ?? [], times: 1, metadata: entry.metadata ?? null },
              account,
              ctx,
            ),
          )
        } catch (err) {
          errors.push({ index, message: err instanceof Error ? err.message : String(err) })
        }
      }
      await Promise.all(reports.map((r) => writer.write(r)))
      if (reports.length > 0) deps.onStored?.()
      return { taskId: `${ctx.requestId}-${deps.randomAlnum(16)}`, errors, assignedPenguinId: assigned ? account.penguin_id : null }
    },

    /** Only the owner may recall, within 24 h, once (api-v2.md §7.6 and our stricter rule). */
    async recall(reportHash: string, penguinId: string | null) {
      const account = penguinId ? await accounts.find(penguinId) : null
      if (!account) throw invalidRequest(RECALL_FAILED)
      const now = clock()
      const gacha = new Set((await catalog.stageRows()).filter((s) => s.is_gacha).map((s) => s.stage_id))
      const outcome = await deps.repository.recall(reportHash, account.account_id, now - RECALL_WINDOW_MS, now, (id) => gacha.has(id))
      if (outcome === null) throw invalidRequest(RECALL_FAILED)
      if (typeof outcome === 'number') deps.version.advance(outcome)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
