import type { Item } from '@dropwise/schemas'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { readConfigAssets } from '../../lib/assets'
import { prefetchDataset, useDataset } from '../../lib/data'
import { useDataSource } from '../../lib/state-hooks'
import { assetView, readPackUrl, unreadableNames } from './asset-state'
import { field, newSessionId, type DefectEnvironment } from './defect'
import type { Outcome } from './image-outcome'
import type { JudgedImage } from './rec-image'
import { summarize, toBatchEntry } from './report-upload'
import { useAssetStatus } from './use-asset-status'
import { useLeaveGuard } from './use-leave-guard'
import { usePack, useRecognitionSession } from './use-recognition'

/** The page's steps: select screenshots, recognise them, confirm the results, report them. */
export type RecognitionStep = 0 | 1 | 2 | 3

/**
 * Everything the recognition page shows, and what its steps change: the pack and the server's
 * resources, the recognition session, the page's own choices (filter, boxes, dialogs, confirmation)
 * and the figures derived from them.
 */
export const useRecognitionPage = () => {
  const { server } = useDataSource()
  const { i18n } = useTranslation()
  const config = useDataset('config')
  const stages = useDataset('stages')
  const itemsQuery = useDataset('items')
  // The pack address can change with the operator's settings: ask the server again on every visit.
  const [configChecked, setConfigChecked] = useState(false)
  useEffect(() => {
    let live = true
    void prefetchDataset('config', true)
      .catch(() => undefined)
      .finally(() => live && setConfigChecked(true))
    return () => {
      live = false
    }
  }, [])
  const configPackUrl = config.data ? readPackUrl(config.data, window.location.href) : null
  // Without an operator's pack, the live download state (the stored /config may be an hour old); and
  // while the server's pack cannot read some items yet, until a rebuild lets it.
  const configAssets = readConfigAssets(config.data)
  const announced = configAssets.announced
  const assets = useAssetStatus(announced && (configPackUrl === null || configAssets.unreadable.length > 0))
  const view = assetView({ configPackUrl, announced, status: assets.status, error: assets.error, base: window.location.href })
  const unreadable = unreadableNames(assets.status?.unreadable ?? configAssets.unreadable, server, i18n.language)
  const updating = assets.status?.updating ?? false
  const packUrl = view.kind === 'pack' ? view.packUrl : null
  const [wanted, setWanted] = useState(false)
  const { state: pack, engineRef, retry } = usePack(packUrl, wanted)
  const items = useMemo(() => new Map<string, Item>((itemsQuery.data ?? []).map((it) => [it.itemId, it])), [itemsQuery.data])
  // Before the item list arrives every item counts as tracked (the list is there long before a pack is).
  const trackedItem = useCallback((itemId: string) => !itemsQuery.data || items.has(itemId), [itemsQuery.data, items])
  const session = useRecognitionSession(engineRef, packUrl, server, stages.data, trackedItem)
  const [sessionId] = useState(newSessionId)
  const [filter, setFilter] = useState<Outcome | 'all'>('all')
  const [showBoxes, setShowBoxes] = useState(true)
  const [opened, setOpened] = useState<number | null>(null)
  const [defectFor, setDefectFor] = useState<number | null>(null)
  const [confirmed, setConfirmed] = useState(false)
  const [now, setNow] = useState(Date.now())

  const { images } = session
  const total = images.length
  const recognised = images.filter((im) => im.result !== null || im.failure !== null).length
  const anyResults = recognised > 0
  const step: RecognitionStep = session.uploadResult || confirmed ? 3 : !anyResults && !session.running ? 0 : session.running ? 1 : 2
  const selected = images.filter((im) => im.selected)
  const pendingSubmission = selected.some((im) => !im.submitted) && !session.uploadResult

  // Timer for the progress line while recognition runs.
  useEffect(() => {
    if (!session.running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [session.running])

  useLeaveGuard(anyResults && pendingSubmission)

  const loading = config.isPending || (configPackUrl === null && !configChecked) || view.kind === 'checking'
  const packServerMissing = pack.kind === 'ready' && !pack.info.servers.includes(server)
  const available = pack.kind === 'idle' || pack.kind === 'loading' || (pack.kind === 'ready' && !packServerMissing)
  const addFiles = (files: File[]) => {
    setWanted(true)
    session.addFiles(files)
  }

  const counts = { success: 0, warning: 0, error: 0 }
  for (const im of images) if (im.result || im.failure) counts[im.outcome]++
  const times = images.flatMap((im) => (im.ms === null ? [] : [im.ms]))
  const avgMs = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0
  const elapsed = session.startedAt ? ((session.running ? now : (session.finishedAt ?? now)) - session.startedAt) / 1000 : 0
  const rate = elapsed > 0 ? recognised / elapsed : 0
  const remaining = Math.round((total - recognised) / (rate || 1))
  const percent = total ? Math.round((recognised / total) * 100) : 0
  const shown = images.filter((im) => filter === 'all' || ((im.result || im.failure) && im.outcome === filter))

  // Before the upload, what the selection will report; after it, what was sent (the stored ones are no longer selectable).
  const upload = session.uploadResult
  const sent = upload && new Set([...upload.stored, ...upload.rejected.map((r) => r.entry), ...upload.failed.flatMap((f) => f.entries)].map((e) => e.id))
  const summary = summarize(
    (sent ? images.filter((im) => sent.has(im.id)) : selected).flatMap((im) => {
      const entry = im.result ? toBatchEntry(im.result, im.file) : null
      return entry && im.result?.stage ? [{ code: im.result.stage.code, stageId: entry.stageId, drops: entry.drops }] : []
    }),
  )
  const openedImage = images.find((im) => im.id === opened) ?? null
  const defectImage: JudgedImage | null = images.find((im) => im.id === defectFor) ?? null
  const environment: DefectEnvironment = {
    frontendVersion: field(env.appVersion),
    frontendCommit: field(env.commit),
    recognizerVersion: field('dropwise-recognizer-1'),
    recognizerOpenCVVersion: field('none'),
    recognizerAssetsVersion: field(pack.kind === 'ready' ? pack.info.tag : 'unloaded'),
    server,
    sessionId,
  }

  return {
    server,
    loading,
    view,
    assets,
    unreadable,
    updating,
    pack,
    retry,
    packServerMissing,
    available,
    session,
    items,
    step,
    total,
    recognised,
    anyResults,
    selected,
    counts,
    avgMs,
    progress: { elapsed, rate, remaining, percent },
    filter,
    setFilter,
    shown,
    showBoxes,
    setShowBoxes,
    summary,
    addFiles,
    setConfirmed,
    openedImage,
    setOpened,
    defectImage,
    setDefectFor,
    environment,
  }
}

export type RecognitionPage = ReturnType<typeof useRecognitionPage>
