import type { MyReportsQuery, MyReportsResponse } from '@dropwise/schemas'
import { ApiHttpError, invalidRequest } from '../../lib/errors'
import type { AccountsService } from '../accounts/accounts.service'
import { RECALL_FAILED, RECALL_WINDOW_MS, type ReportsService } from '../reports/reports.service'
import { toMyReport } from './my-reports.mapper'
import type { MyReportsRepository, OwnReportsCursor } from './my-reports.repository'

export interface MyReportsServiceDeps {
  repository: MyReportsRepository
  accounts: AccountsService
  reports: Pick<ReportsService, 'recall'>
  clock: () => number
}

const cursorOf = (before: string | undefined): OwnReportsCursor | null => {
  if (before === undefined) return null
  const dot = before.indexOf('.')
  return { createdAt: Number(before.slice(0, dot)), reportHash: before.slice(dot + 1) }
}

/** A player's own reports (docs/api-extensions.md §3k): the list, and the recall of a whole recognition batch. */
export const createMyReportsService = ({ repository, accounts, reports, clock }: MyReportsServiceDeps) => ({
  /** The caller's reports, newest first, one page; 400 without a PenguinID naming an account. */
  async list(penguinId: string | null, query: MyReportsQuery): Promise<MyReportsResponse> {
    const account = await accounts.require(penguinId)
    const rows = await repository.page(account.account_id, query.limit + 1, cursorOf(query.before))
    const now = clock()
    const page = rows.slice(0, query.limit).map((r) => toMyReport(r, now, RECALL_WINDOW_MS))
    const last = page[page.length - 1]
    return { reports: page, next: rows.length > query.limit && last ? `${last.createdAt}.${last.reportHash}` : null }
  },

  /**
   * Recalls every report of the batch a recognition upload was answered `taskId` for (its reports' hashes share the
   * request part of the task id), under the rule of `POST /report/recall`. Returns how many; 400 when none could be.
   */
  async recallBatch(taskId: string, penguinId: string | null): Promise<{ recalled: number }> {
    const account = penguinId ? await accounts.find(penguinId) : null
    if (!account) throw invalidRequest(RECALL_FAILED)
    const prefix = `${taskId.slice(0, taskId.indexOf('-'))}-`
    const hashes = await repository.hashesWithPrefix(account.account_id, prefix, clock() - RECALL_WINDOW_MS)
    let recalled = 0
    for (const hash of hashes) {
      // One recalled meanwhile (a second tab) is skipped, not an error.
      recalled += await reports.recall(hash, penguinId).then(
        () => 1,
        (err: unknown) => {
          if (err instanceof ApiHttpError) return 0
          throw err
        },
      )
    }
    if (recalled === 0) throw invalidRequest(RECALL_FAILED)
    return { recalled }
  },
})
export type MyReportsService = ReturnType<typeof createMyReportsService>
