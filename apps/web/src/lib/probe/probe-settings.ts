import { bool, isRecord, shape } from '../guards'
import { createPersistedStore, useStore } from '../persisted-store'

/** 32 characters from [A-Za-z0-9] (spec 000 §9). */
export const PROBE_UID_LENGTH = 32
/** A probe uid is replaced after three days (the public client meant to, but never did). */
export const PROBE_UID_TTL_MS = 259_200_000
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export interface ProbeUid {
  /** Created at (ms). */
  u: number
  /** The uid. */
  c: string
}
export interface ProbeSettings {
  /** The visitor's "share anonymous usage statistics" switch (on unless turned off). */
  enabled: boolean
  uid: ProbeUid | null
}

const uidGuard = (v: unknown): ProbeUid | null =>
  isRecord(v) && typeof v.u === 'number' && typeof v.c === 'string' && v.c.length === PROBE_UID_LENGTH ? { u: v.u, c: v.c } : null

export const parseProbeSettings = shape<ProbeSettings>({ enabled: bool(true), uid: uidGuard })

/** Stored apart from the shell's settings (whose parser keeps only its own fields). */
export const PROBE_STORAGE_KEY = 'dropwise-probe'
export const probeSettingsStore = createPersistedStore(PROBE_STORAGE_KEY, parseProbeSettings)
export const useProbeSettings = () => useStore(probeSettingsStore)

/** The browser's Do Not Track signal ('1' or 'yes' in older browsers). */
export const browserDoNotTrack = (nav: { doNotTrack?: string | null } | undefined, win?: { doNotTrack?: string | null }) => {
  const v = nav?.doNotTrack ?? win?.doNotTrack
  return v === '1' || v === 'yes'
}

/** Whether the probe may run: the visitor's switch is on and the browser does not ask not to be tracked. */
export const probeAllowed = (settings: ProbeSettings, doNotTrack: boolean) => settings.enabled && !doNotTrack

export const randomUid = (random: (n: number) => Uint8Array) => Array.from(random(PROBE_UID_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('')

/** The current uid, or a fresh one when there is none or it is older than the TTL. */
export const currentUid = (stored: ProbeUid | null, now: number, random: (n: number) => Uint8Array): { uid: ProbeUid; fresh: boolean } =>
  stored && now - stored.u >= 0 && now - stored.u < PROBE_UID_TTL_MS ? { uid: stored, fresh: false } : { uid: { u: now, c: randomUid(random) }, fresh: true }
