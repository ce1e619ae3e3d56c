import type { About, AboutContent, NoticeInput, RejectionRuleInput } from '@dropwise/schemas'
import { notFound } from '../../lib/errors'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import type { OpsRepository } from './ops.repository'

export interface OpsServiceDeps {
  repository: OpsRepository
  catalog: CatalogService
  version: DataVersion
  clock: () => number
}

/**
 * The operators' changes (issue 36 item 5): notices, the about content, rejection rules. Every change is
 * written with its audit row (who, when, before, after) in one transaction; `actor` is a token
 * fingerprint, never the token.
 */
export const createOpsService = ({ repository, catalog, version, clock }: OpsServiceDeps) => {
  const who = (actor: string) => ({ actor, at: clock() })
  const gachaStages = async () => {
    // Loaded before the transaction (PGlite: one connection; a catalog read inside it would wait forever).
    const gacha = new Set((await catalog.stageRecords()).filter((s) => s.isGacha).map((s) => s.stageId))
    return (stageId: string) => gacha.has(stageId)
  }
  const found = <T>(value: T | null): T => {
    if (value === null) throw notFound()
    return value
  }

  return {
    notices: () => repository.notices(),
    async addNotice(input: NoticeInput, actor: string) {
      const notice = await repository.addNotice(input, who(actor))
      catalog.forgetNotices()
      return notice
    },
    async editNotice(id: number, input: NoticeInput, actor: string) {
      const notice = found(await repository.editNotice(id, input, who(actor)))
      catalog.forgetNotices()
      return notice
    },
    async retireNotice(id: number, actor: string) {
      const notice = found(await repository.retireNotice(id, who(actor)))
      catalog.forgetNotices()
      return notice
    },

    about: async (): Promise<About> => {
      const row = await repository.about()
      return row ? { content: row.content as AboutContent, updatedAt: row.updatedAt } : { content: null, updatedAt: null }
    },
    /** Sets the about content; an identical content changes nothing and writes no audit row. */
    async setAbout(content: AboutContent | null, actor: string) {
      const outcome = await repository.setAbout(content, who(actor))
      return { outcome, about: await this.about() }
    },

    rules: () => repository.rules(),
    async addRule(input: RejectionRuleInput, actor: string) {
      const outcome = await repository.addRule(input, who(actor), await gachaStages())
      if (outcome.version !== null) version.advance(outcome.version)
      return { rule: outcome.rule, rejected: outcome.rejected }
    },
    async removeRule(id: number, actor: string) {
      const outcome = found(await repository.removeRule(id, who(actor), await gachaStages()))
      if (outcome.version !== null) version.advance(outcome.version)
      return { rule: outcome.rule, restored: outcome.restored, moved: outcome.moved }
    },

    async audit(limit: number, before?: number) {
      const entries = await repository.audit(limit, before)
      return { entries, next: entries.length === limit ? (entries.at(-1)?.id ?? null) : null }
    },
  }
}
export type OpsService = ReturnType<typeof createOpsService>
