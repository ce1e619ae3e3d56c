import { checkBatch, type RecognitionResult, type Server } from '@dropwise/recognizer'
import type { TimedDropTableEntry } from '@dropwise/report'
import type { Stage } from '@dropwise/schemas'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { apiRequest } from '../../lib/api'
import { env } from '../../config/env'
import { uiState } from '../../lib/state'
import { checkFiles, type Refusal } from './file-checks'
import { isPreselected, isSelectable, outcomeOf } from './image-outcome'
import type { JudgedImage, RecImage } from './rec-image'
import { toBatchEntry, uploadInChunks, type BatchEntry, type ChunkAnswer, type UploadOutcome } from './report-upload'
import type { PackInfo } from './protocol'
import { createRecognizerEngine, RecognitionFailure, spawnRecognizerWorker, type RecognizerEngine } from './recognizer-engine'

export type PackState =
  | { kind: 'none' }
  /** A pack is configured; it loads once the visitor selects screenshots (2 MB a visitor who only looks does not need). */
  | { kind: 'idle' }
  | { kind: 'unsupported' }
  | { kind: 'loading' }
  | { kind: 'ready'; info: PackInfo }
  | { kind: 'failed'; message: string }

const supported = () => typeof Worker !== 'undefined' && typeof createImageBitmap === 'function' && typeof OffscreenCanvas !== 'undefined'

/** Starts the worker and loads the pack once `wanted` (the visitor selected screenshots). */
export const usePack = (packUrl: string | null, wanted: boolean) => {
  const engineRef = useRef<RecognizerEngine | null>(null)
  const [state, setState] = useState<PackState>(() => (packUrl ? (supported() ? { kind: 'idle' } : { kind: 'unsupported' }) : { kind: 'none' }))
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!packUrl) {
      setState({ kind: 'none' })
      return
    }
    if (!supported()) {
      setState({ kind: 'unsupported' })
      return
    }
    if (!wanted) {
      setState({ kind: 'idle' })
      return
    }
    const engine = createRecognizerEngine(spawnRecognizerWorker)
    engineRef.current = engine
    let live = true
    setState({ kind: 'loading' })
    engine.init(packUrl).then(
      (info) => live && setState({ kind: 'ready', info }),
      (err: unknown) => live && setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
    )
    return () => {
      live = false
      engine.dispose()
      if (engineRef.current === engine) engineRef.current = null
    }
  }, [packUrl, wanted, attempt])

  return { state, engineRef, retry: () => setAttempt((a) => a + 1) }
}

const stub = (id: number): Pick<RecognitionResult, 'fingerprint' | 'stage' | 'drops' | 'exceptions'> => ({
  fingerprint: `unread-${id}`,
  stage: null,
  drops: [],
  exceptions: [],
})

/** The stage list's drop infos as a drop table (the screenshots are at most 36 h old: today's rules). */
export const dropTableOf = (stages: readonly Stage[] | undefined, server: Server): TimedDropTableEntry[] =>
  (stages ?? []).flatMap((s) =>
    (s.dropInfos ?? []).map((d) => ({ server, stageId: s.stageId, itemId: d.itemId ?? null, dropType: d.dropType, bounds: d.bounds, start: 0, end: null })),
  )

/** Per image: the batch checks (duplicates, timestamps, drop rules) on top of its own exceptions. */
export const judge = (images: readonly RecImage[], dropInfos: readonly TimedDropTableEntry[]): JudgedImage[] => {
  const extra = checkBatch(
    images.map((im) => ({ result: im.result ?? stub(im.id), server: im.server, lastModified: im.file.lastModified })),
    { dropInfos },
  )
  return images.map((im, i) => {
    const exceptions = [...(im.result?.exceptions ?? []), ...(extra[i] ?? [])]
    const failed = im.failure !== null
    const outcome = failed || (im.result !== null && !im.result.stage) ? 'error' : outcomeOf(exceptions)
    const pending = im.result === null && !failed
    const selectable = !pending && isSelectable(outcome) && !im.submitted
    return { ...im, exceptions, outcome: pending ? 'success' : outcome, selectable, selected: selectable && (im.decision ?? isPreselected(outcome)) }
  })
}

let nextImageId = 1
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** The whole page session: selection, recognition loop, decisions and upload. */
/**
 * Items the recognizer has a template for but the site's item list does not know (an event's currency,
 * say) are shown like recognition-only items and left out of the report: a report carrying them would be
 * held until a data version knows them (docs/api-extensions.md), and currencies never get one, so its
 * real drops would never count.
 */
export const withUntrackedShown = (result: RecognitionResult, tracked: (itemId: string) => boolean): RecognitionResult =>
  result.drops.some((d) => d.itemId !== null && d.dropType !== 'FURNITURE' && !d.recognitionOnly && !tracked(d.itemId))
    ? {
        ...result,
        drops: result.drops.map((d) =>
          d.itemId !== null && d.dropType !== 'FURNITURE' && !tracked(d.itemId) ? { ...d, recognitionOnly: true, inStageDrops: false } : d,
        ),
      }
    : result

export const useRecognitionSession = (
  engineRef: React.RefObject<RecognizerEngine | null>,
  packUrl: string | null,
  server: Server,
  stages: readonly Stage[] | undefined,
  /** Whether the site's item list has the item (an item it does not track is shown, never reported). */
  tracked: (itemId: string) => boolean = () => true,
) => {
  const [images, setImages] = useState<RecImage[]>([])
  const [refused, setRefused] = useState<Refusal[]>([])
  const [running, setRunning] = useState(false)
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const [finishedAt, setFinishedAt] = useState<number | null>(null)
  const [stopped, setStopped] = useState(false)
  const stopRef = useRef(false)
  const [upload, setUpload] = useState<{ done: number; total: number } | null>(null)
  const [uploadResult, setUploadResult] = useState<UploadOutcome<{ id: number; entry: BatchEntry }> | null>(null)
  const urls = useRef(new Set<string>())

  const update = useCallback((id: number, patch: Partial<RecImage>) => setImages((list) => list.map((im) => (im.id === id ? { ...im, ...patch } : im))), [])

  const revokeAll = () => {
    for (const u of urls.current) URL.revokeObjectURL(u)
    urls.current.clear()
  }

  // Unlock the server selector and free previews when the page goes away.
  useEffect(
    () => () => {
      stopRef.current = true
      uiState.recognitionRunning = false
      revokeAll()
    },
    [],
  )

  const addFiles = (files: readonly File[]) => {
    const { accepted, refused: r } = checkFiles(files, Date.now())
    setRefused(r)
    const fresh = accepted.map((file): RecImage => {
      const url = URL.createObjectURL(file)
      urls.current.add(url)
      return { id: nextImageId++, file, url, server, status: 'pending', result: null, failure: null, ms: null, decision: null, submitted: false }
    })
    setImages((list) => [...list, ...fresh].sort((a, b) => a.file.lastModified - b.file.lastModified))
  }

  const reset = () => {
    stopRef.current = true
    revokeAll()
    setImages([])
    setRefused([])
    setRunning(false)
    setStartedAt(null)
    setFinishedAt(null)
    setStopped(false)
    setUpload(null)
    setUploadResult(null)
    uiState.recognitionRunning = false
  }

  const run = async () => {
    const engine = engineRef.current
    if (!engine) return
    stopRef.current = false
    setStopped(false)
    setRunning(true)
    setStartedAt(Date.now())
    setFinishedAt(null)
    uiState.recognitionRunning = true
    const todo = images.filter((im) => im.status === 'pending' && im.result === null && im.failure === null)
    const first = todo[0]
    if (first && packUrl) {
      update(first.id, { status: 'initializing' })
      try {
        await engine.init(packUrl)
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        for (const im of todo) update(im.id, { status: 'done', failure: { message, decode: false } })
        setRunning(false)
        setFinishedAt(Date.now())
        return
      }
    }
    for (const im of todo) {
      if (stopRef.current) {
        setStopped(true)
        update(im.id, { status: 'pending' })
        break
      }
      update(im.id, { status: 'recognizing' })
      try {
        const r = await engine.recognize(im.file, server, im.file.lastModified)
        update(im.id, { status: 'rendering', result: withUntrackedShown(r.result, tracked), ms: r.decodeMs + r.recognizeMs })
        // Let the card render before the next image.
        await sleep(0)
        update(im.id, { status: 'done' })
      } catch (err) {
        update(im.id, {
          status: 'done',
          failure: { message: err instanceof Error ? err.message : String(err), decode: err instanceof RecognitionFailure && err.decode },
        })
      }
    }
    setRunning(false)
    setFinishedAt(Date.now())
  }

  const stop = () => {
    stopRef.current = true
  }

  const dropInfos = useMemo(() => dropTableOf(stages, server), [stages, server])
  const judged = useMemo(() => judge(images, dropInfos), [images, dropInfos])

  const decide = (id: number, selected: boolean) => update(id, { decision: selected })
  const decideAll = (selected: boolean | null) => setImages((list) => list.map((im) => ({ ...im, decision: selected })))

  const submit = async (only?: readonly { id: number; entry: BatchEntry }[]) => {
    const entries =
      only ??
      judged.flatMap((im) => {
        if (!im.selected || !im.result) return []
        const entry = toBatchEntry(im.result, im.file)
        return entry ? [{ id: im.id, entry }] : []
      })
    if (entries.length === 0) return
    const ids = new Set(entries.map((e) => e.id))
    setImages((list) => list.map((im) => (ids.has(im.id) ? { ...im, status: 'submitting' } : im)))
    setUpload({ done: 0, total: Math.ceil(entries.length / 50) })
    const post = async (chunk: { id: number; entry: BatchEntry }[]): Promise<ChunkAnswer> => {
      const { text } = await apiRequest('/report/recognition', {
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ server, source: 'dropwise-web-recognition', version: env.appVersion, batchDrops: chunk.map((c) => c.entry) }),
      })
      const parsed = JSON.parse(text) as Partial<ChunkAnswer>
      return { errors: Array.isArray(parsed.errors) ? parsed.errors : [], ...(typeof parsed.taskId === 'string' ? { taskId: parsed.taskId } : {}) }
    }
    const out = await uploadInChunks(entries, post, {
      delay: (attempt) => sleep(1000 * 2 ** attempt),
      onChunk: (done, total) => setUpload({ done, total }),
    })
    const stored = new Set(out.stored.map((e) => e.id))
    setImages((list) => list.map((im) => (ids.has(im.id) ? { ...im, status: 'done', submitted: im.submitted || stored.has(im.id) } : im)))
    setUploadResult((prev) =>
      only && prev
        ? { stored: [...prev.stored, ...out.stored], rejected: [...prev.rejected, ...out.rejected], failed: out.failed, taskIds: [...prev.taskIds, ...out.taskIds] }
        : out,
    )
    setUpload(null)
  }

  return {
    images: judged,
    refused,
    running,
    stopped,
    startedAt,
    finishedAt,
    upload,
    uploadResult,
    addFiles,
    clearFiles: reset,
    reset,
    run,
    stop,
    decide,
    decideAll,
    submit,
  }
}

export type RecognitionSession = ReturnType<typeof useRecognitionSession>
