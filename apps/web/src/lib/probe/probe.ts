import type { ProbeAdvancedQuery, ProbeEvent, ProbeLanguage } from '@dropwise/schemas/probe'
import { i18next } from '../i18n'
import { whenIdle } from '../idle'
import { browserDoNotTrack, currentUid, probeAllowed, probeSettingsStore } from './probe-settings'
import type { ProbeRuntime, ProbeRuntimeOptions } from './probe-runtime'

/**
 * The usage probe's public face. The client (socket, hand-written encoder, no protobufjs) is a small
 * chunk loaded once the browser is idle after the first render. Events are queued until then;
 * nothing is recorded or sent while the visitor's switch is off or the browser sends Do Not Track.
 */
type Outgoing = Exclude<ProbeEvent, { type: 'UNKNOWN' }>
const MAX_QUEUED = 50

/** Locale id → probe language: the four base locales, anything else (seaborn variants too) OTHER. */
export const probeLanguage = (locale: string | undefined): ProbeLanguage => (({ zh: 'ZH_CN', en: 'EN_US', ja: 'JA_JP', ko: 'KO_KR' }) as const)[locale as 'zh'] ?? 'OTHER'

const doNotTrack = () => typeof navigator !== 'undefined' && browserDoNotTrack(navigator, typeof window === 'undefined' ? undefined : (window as { doNotTrack?: string }))
const allowed = () => probeAllowed(probeSettingsStore.get(), doNotTrack())

let queue: Outgoing[] = []
let runtime: ProbeRuntime | null = null
let startOptions: Omit<ProbeRuntimeOptions, 'uid'> | null = null

const emit = (event: Outgoing) => {
  if (!allowed()) return
  if (runtime) runtime.send(event)
  else {
    queue.push(event)
    if (queue.length > MAX_QUEUED) queue.splice(0, queue.length - MAX_QUEUED)
  }
}

let connecting = false
/** Loads the client (socket, encoder) when it is first needed, at idle time: events wait in the queue meanwhile. */
const connect = () => {
  if (runtime || connecting || !startOptions || !allowed() || typeof WebSocket === 'undefined') return
  connecting = true
  void import('./probe-runtime')
    .then(({ startProbeRuntime }) => {
      if (runtime || !startOptions || !allowed()) return
      const { uid, fresh } = currentUid(probeSettingsStore.get().uid, Date.now(), (n) => crypto.getRandomValues(new Uint8Array(n)))
      if (fresh) probeSettingsStore.set({ uid })
      const started = startProbeRuntime({ ...startOptions, uid: uid.c })
      runtime = started
      const pending = queue
      queue = []
      for (const e of pending) started.send(e)
    })
    .catch(() => undefined) // the chunk could not load: the probe stays off this visit, the page is unaffected
    .finally(() => {
      connecting = false
    })
}

/** Starts the probe once the browser is idle (production builds only; see ProbeMount). */
export const startProbe = (opts: Omit<ProbeRuntimeOptions, 'uid'>) => {
  if (startOptions) return
  startOptions = opts
  whenIdle(connect, 5000)
  probeSettingsStore.subscribe(() => {
    if (allowed()) connect()
    else {
      queue = []
      runtime?.stop()
      runtime = null
    }
  })
}

export const probe = {
  /** Route change (pathname only). */
  navigated: (path: string) => emit({ type: 'NAVIGATED', language: probeLanguage(i18next.language), path }),
  /** A search result was opened: the stage or item, the query and its position in the list. */
  enteredSearchResult: (r: { stageId?: string | undefined; itemId?: string | undefined; query: string; position: number }) =>
    emit({
      type: 'ENTERED_SEARCH_RESULT',
      language: probeLanguage(i18next.language),
      ...(r.stageId ? { stageId: r.stageId } : r.itemId ? { itemId: r.itemId } : {}),
      query: r.query,
      position: r.position,
    }),
  /** An advanced query was run (called by the advanced-query page). */
  executedAdvancedQuery: (queries: readonly ProbeAdvancedQuery[]) => emit({ type: 'EXECUTED_ADVANCED_QUERY', language: probeLanguage(i18next.language), queries }),
}
