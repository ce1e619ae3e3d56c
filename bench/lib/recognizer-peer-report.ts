/** bench:recognizer's peer mode: scores the public recogniser's answers and prints both sides' timings. */
import { loadavg } from 'node:os'
import { isExactMatch, sameDrops, type LabelTruth } from '@dropwise/recognizer-pack'
import type { PeerResult } from './peer-recognizer'

/** One image as both sides saw it: the peer's answer, and each side's median ms over the reps. */
export interface PeerRun {
  truth: LabelTruth
  result: PeerResult
  ms: number
  oursMs: number
  /** Process CPU time, median over the reps (ours includes libvips' decoding thread). */
  cpuMs: number
  oursCpuMs: number
}

const sortedCopy = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b)

/** Median (the mean of the two middle values for an even count); 0 for none. */
export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0
  const s = sortedCopy(xs)
  const h = s.length >> 1
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2
}

/** 90th percentile, nearest rank. */
export const p90 = (xs: readonly number[]): number => {
  if (xs.length === 0) return 0
  const s = sortedCopy(xs)
  return s[Math.min(s.length - 1, Math.ceil(0.9 * s.length) - 1)]!
}

const round1 = (x: number): number => Math.round(x * 10) / 10

/**
 * Prints the peer-mode lines and returns the `peer` part of the JSON summary. The peer is scored by
 * the same exact-match rule as ours (an error or any exception counts as flagged; it has no batch
 * checks, so compare with our per-image count), and by a looser rule: a `report` image whose stage and
 * drops it reads right, exceptions ignored; a `reject` image it flags or fails on.
 */
export const peerSummary = (runs: readonly PeerRun[], oursExactPerImage: number, version: object) => {
  const flagged = (r: PeerResult) => r.error || r.exceptions.length > 0
  const exact = runs.filter(({ truth, result }) => isExactMatch(truth, { flagged: flagged(result), stageId: result.stageId, drops: result.drops })).length
  const loose = runs.filter(({ truth, result }) =>
    truth.outcome === 'reject' ? flagged(result) : result.stageId === truth.stageId && sameDrops(result.drops, truth.drops ?? []),
  ).length
  const errors = runs.filter((r) => r.result.error).length
  const oursMs = runs.map((r) => r.oursMs)
  const peerMs = runs.map((r) => r.ms)
  const faster = runs.filter((r) => r.oursMs < r.ms).length
  const oursCpu = median(runs.map((r) => r.oursCpuMs))
  const peerCpu = median(runs.map((r) => r.cpuMs))
  const load = loadavg().map(round1)
  console.log(`peer: ${JSON.stringify(version)}`)
  console.log(`peer exact: ${exact}/${runs.length} (ours per image: ${oursExactPerImage}); peer stage+drops right, exceptions ignored: ${loose}; peer errors: ${errors}`)
  console.log(
    `ms/image, decode included, alternating: ours median ${median(oursMs).toFixed(1)} p90 ${p90(oursMs).toFixed(1)}; ` +
      `peer median ${median(peerMs).toFixed(1)} p90 ${p90(peerMs).toFixed(1)}; ours faster on ${faster}/${runs.length} images; load ${load.join(' ')}`,
  )
  console.log(`CPU ms/image (process, median): ours ${oursCpu.toFixed(1)}, peer ${peerCpu.toFixed(1)}`)
  return {
    exact,
    looseExact: loose,
    errors,
    oursMedianMs: round1(median(oursMs)),
    oursP90Ms: round1(p90(oursMs)),
    peerMedianMs: round1(median(peerMs)),
    peerP90Ms: round1(p90(peerMs)),
    oursFasterImages: faster,
    oursCpuMedianMs: round1(oursCpu),
    peerCpuMedianMs: round1(peerCpu),
    loadAvg: load,
  }
}
