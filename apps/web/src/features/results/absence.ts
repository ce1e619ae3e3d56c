import type { Item, Server, Stage, Zone } from '@dropwise/schemas'
import { SERVERS } from '../../config/constants'
import { existsOn } from '../../components/stage-selector/zones'

/**
 * Whether the stage or item of a page's address is there on the chosen server (issue 38 point 4).
 * 'unknown': no game data knows the id (a mistyped address); 'absent': it exists, on other servers
 * only (a CN side story seen with US chosen), with those servers and, for a stage, the stages of the
 * same code this server has (the permanent LE-3 is CN only, the event's LE-3 is on every server).
 * Pure: `now` is passed in.
 */
export type Presence = { kind: 'loading' } | { kind: 'present' } | { kind: 'unknown' } | { kind: 'absent'; servers: Server[]; sameCode: Stage[] }

/** How many stages of the same code are offered. */
const SAME_CODE_SHOWN = 3

/** The servers where it exists (its zone too, for a stage), in the usual server order. */
const serversOf = (ok: (server: Server) => boolean): Server[] => SERVERS.filter(ok)

const codesOf = (s: Stage) => new Set([s.code, ...Object.values(s.code_i18n)].filter(Boolean))

/** Open now on `server` (its zone and itself), for ordering the stages of the same code. */
const openNow = (s: Stage, zone: Zone | undefined, server: Server, now: number) => existsOn(s, server, now) && (!zone || existsOn(zone, server, now))

export const stagePresence = (
  stage: Stage | undefined,
  ready: boolean,
  server: Server,
  stages: Iterable<Stage>,
  zonesById: ReadonlyMap<string, Zone>,
  now: number,
): Presence => {
  if (!ready) return { kind: 'loading' }
  if (!stage) return { kind: 'unknown' }
  const here = (s: Stage, on: Server) => {
    const zone = zonesById.get(s.zoneId)
    return existsOn(s, on) && (!zone || existsOn(zone, on))
  }
  if (here(stage, server)) return { kind: 'present' }
  const codes = codesOf(stage)
  const sameCode = [...stages]
    .filter((s) => s.stageId !== stage.stageId && here(s, server) && [...codesOf(s)].some((c) => codes.has(c)))
    // Open now first; otherwise the data's order (the event before its rerun).
    .map((s, i) => ({ s, i, open: openNow(s, zonesById.get(s.zoneId), server, now) ? 0 : 1 }))
    .sort((a, b) => a.open - b.open || a.i - b.i)
    .slice(0, SAME_CODE_SHOWN)
    .map((x) => x.s)
  return { kind: 'absent', servers: serversOf((on) => here(stage, on)), sameCode }
}

export const itemPresence = (item: Item | undefined, ready: boolean, server: Server): Presence => {
  if (!ready) return { kind: 'loading' }
  if (!item) return { kind: 'unknown' }
  if (existsOn(item, server)) return { kind: 'present' }
  return { kind: 'absent', servers: serversOf((on) => existsOn(item, on)), sameCode: [] }
}
