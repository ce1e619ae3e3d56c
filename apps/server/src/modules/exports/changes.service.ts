import { createHash } from 'node:crypto'
import type { ChangesFeed, DataVersion, Server } from '@dropwise/schemas'
import { invalidRequest } from '../../lib/errors'
import type { ExportsRepository } from './exports.repository'

/** At most this many versions (and rule changes) per answer: `next` goes on from the last one listed. */
export const FEED_PAGE = 100

const ruleOf = (after: unknown) => {
  const r = (after ?? {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const int = (v: unknown) => (typeof v === 'number' ? v : null)
  return {
    id: Number(r.id),
    reliability: Number(r.reliability),
    server: text(r.server) as Server | null,
    source: text(r.source),
    version: text(r.version),
    stageId: text(r.stageId),
    from: int(r.from),
    until: int(r.until),
  }
}

/**
 * The changes feed (docs/api-extensions.md §3n): the game-data versions after `since` with what each changed
 * (per kind, with ids where the sync kept them) and the rejection-rule changes, read from the database at
 * every request, so a version another process applied is listed as soon as it is committed.
 */
export const createChangesService = ({ repository }: { repository: ExportsRepository }) => ({
  async feed(since: number, rulesSince: number | undefined): Promise<{ feed: ChangesFeed; body: string; etag: string }> {
    const [current, lastRule, snapshots] = await Promise.all([repository.currentGameDataVersion(), repository.lastRuleChange(), repository.versionSnapshots()])
    if (since > current) throw invalidRequest(`since ${since} is newer than this server's newest game-data version, ${current}`)
    if (rulesSince !== undefined && rulesSince > lastRule) throw invalidRequest(`rules_since ${rulesSince} is newer than this server's newest rule change, ${lastRule}`)
    const afterAt = since === 0 ? -1 : ((await repository.appliedAt(since)) ?? -1)
    const [versions, rules] = await Promise.all([
      repository.versionsSince(since, FEED_PAGE),
      repository.ruleChanges(rulesSince !== undefined ? { afterId: rulesSince } : { afterAt }, FEED_PAGE),
    ])
    const nextSince = versions.at(-1)?.version ?? since
    const nextRules = rules.at(-1)?.id ?? rulesSince ?? lastRule
    const feed: ChangesFeed = {
      since,
      current: { version: current, rules: lastRule },
      versions: versions.map((v) => ({ ...v, changes: v.changes as DataVersion['changes'], snapshot: snapshots.has(v.version) ? `v${v.version}` : null })),
      rules: rules.map((r) => ({ id: r.id, at: r.at, action: r.action, rule: ruleOf(r.rule) })),
      next: `/api/v2/changes?since=${nextSince}&rules_since=${nextRules}`,
    }
    const body = JSON.stringify(feed)
    return { feed, body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` }
  },
})
export type ChangesService = ReturnType<typeof createChangesService>
