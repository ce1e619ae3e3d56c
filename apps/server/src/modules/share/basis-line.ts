import type { SampleBasis } from '@dropwise/schemas'

/** What an export's numbers stand on, with dates (issue 40): the footer's basis line, in every file. */
export interface ExportBasis {
  /** `Basis: Penguin Statistics up to 2025-06-21T00:00:00.000Z, plus 1234 runs reported here.` */
  line: string
  /** Epoch ms the Penguin Statistics history was fetched at (the seed's import or the upstream's answer); null when none. */
  penguinUntil: number | null
  /** The Penguin-compatible upstream (UPSTREAM_API) whose answer is the history; null: the seed's import. */
  upstream: string | null
  /** Valid runs reported to this server since (tools and by hand; simulated demo runs never count). */
  reportedRuns: number
}

/**
 * The basis of a server's numbers as exports state it. It reads only the stored data (the history's fetch
 * date and the aggregates' totals), never the clock: the same data version gives the same line.
 */
export const exportBasis = (basis: SampleBasis): ExportBasis => {
  const runs = basis.reported.automated.runs + basis.reported.manual.runs
  const plural = runs === 1 ? 'run' : 'runs'
  const until = basis.imported.until
  const line =
    until === null
      ? `Basis: ${runs} ${plural} reported here (no Penguin Statistics history).`
      : `Basis: Penguin Statistics up to ${new Date(until).toISOString()}${basis.imported.upstream ? ` (${basis.imported.upstream})` : ''}, plus ${runs} ${plural} reported here.`
  return { line, penguinUntil: until, upstream: basis.imported.upstream, reportedRuns: runs }
}
