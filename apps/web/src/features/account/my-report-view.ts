import type { Item, MyReport, MyReportRejection, MyReportStatus, Stage, Zone } from '@dropwise/schemas'
import type { TFunction } from 'i18next'
import { formatDate } from '../../lib/format'
import { localized } from '../../lib/i18n'

export const STATUS_KEYS = {
  stored: 'auth.mine.status.stored',
  recalled: 'auth.mine.status.recalled',
  rejected: 'auth.mine.status.rejected',
  held: 'auth.mine.status.held',
} as const satisfies Record<MyReportStatus, string>
export const STATUS_COLORS = { stored: 'success', recalled: 'default', rejected: 'error', held: 'primary' } as const satisfies Record<MyReportStatus, string>

const REJECTION_KEYS = {
  'duplicate-screenshot': 'auth.mine.rejection.duplicateScreenshot',
  'drop-table-mismatch': 'auth.mine.rejection.dropTableMismatch',
  'account-missing': 'auth.mine.rejection.accountMissing',
  rule: 'auth.mine.rejection.rule',
  legacy: 'auth.mine.rejection.legacy',
  'unknown-data': 'auth.mine.rejection.unknownData',
} as const satisfies Record<MyReportRejection, string>

/** Where a report came from, in player words: the hand report, screenshot recognition, MAA; else the source as sent. */
export const sourceLabel = (source: string, t: TFunction) => {
  if (source === 'frontend-v2') return t('auth.mine.source.manual')
  if (source === 'dropwise-web-recognition') return t('auth.mine.source.recognition')
  if (/^(MaaAssistantArknights|MeoAssistant)/.test(source)) return t('auth.mine.source.maa')
  if (source.startsWith('penguin-stats.io')) return t('auth.mine.source.penguin')
  return source
}

/** What the game data lacks (the server's `stage act47side_01`, `items 30175, 30185`) in the page's language. */
const unknownOf = (detail: string | null, t: TFunction) => {
  if (detail === null) return null
  const stage = /^stage (.+)$/.exec(detail)
  if (stage) return t('auth.mine.unknownStage', { stageId: stage[1] })
  const items = /^items? (.+)$/.exec(detail)
  return items ? t('auth.mine.unknownItems', { items: items[1] }) : detail
}

/** One report as the list shows it: every text ready, in the page's language. */
export interface MyReportView {
  report: MyReport
  stage: string
  zone: string | null
  time: string
  drops: string
  source: string
  status: string
  /** Why it was rejected or what it waits for; null otherwise. */
  note: string | null
  recallUntil: string | null
}

export interface Lookups {
  items: ReadonlyMap<string, Item>
  stages: ReadonlyMap<string, Stage>
  zones: ReadonlyMap<string, Zone>
}

export const viewOf = (r: MyReport, { items, stages, zones }: Lookups, t: TFunction, lang: string, now: number): MyReportView => {
  const stage = stages.get(r.stageId)
  const zone = stage ? zones.get(stage.zoneId) : undefined
  const drops = r.drops.map((d) => {
    const item = items.get(d.itemId)
    const name = item ? localized(item.name_i18n, item.name, lang) : d.dropType === 'FURNITURE' ? t('auth.mine.furniture') : d.itemId
    return `${name} ×${d.quantity}`
  })
  const runs = r.times !== null && r.times > 1 ? t('auth.mine.runs', { count: r.times }) : null
  const lacking = unknownOf(r.detail, t)
  const note =
    r.status === 'rejected' && r.rejection
      ? t(REJECTION_KEYS[r.rejection]) + (lacking ? ` (${lacking})` : '')
      : r.status === 'held'
        ? t('auth.mine.waiting', { what: lacking ?? '' })
        : null
  return {
    report: r,
    stage: stage ? localized(stage.code_i18n, stage.code, lang) : r.stageId,
    zone: zone ? localized(zone.zoneName_i18n, zone.zoneName, lang) : null,
    time: formatDate(r.createdAt, { now, time: true }),
    drops: [drops.length > 0 ? drops.join(', ') : t('auth.mine.noDrops'), runs].filter(Boolean).join(' · '),
    source: sourceLabel(r.source, t),
    status: t(STATUS_KEYS[r.status]),
    note,
    recallUntil: r.recallableUntil !== null && r.recallableUntil > now ? formatDate(r.recallableUntil, { now, time: true }) : null,
  }
}
