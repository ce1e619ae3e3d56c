/** A pair's imported history (Penguin Statistics numbers), as the matrix and the demo read it. */
export interface MatrixBaseline {
  stageId: string
  itemId: string
  times: number
  quantity: number
  stdDev: number
  /** The period the numbers describe, epoch ms; `endAt` is `NO_END_MS` while open. */
  startAt: number
  endAt: number
  /** From the upstream's answer (issue 40) rather than the seed: counted only where the game data knows the pair. */
  upstream?: boolean
}

export const toMatrixBaseline = (row: {
  stage_id: string
  item_id: string
  times: number
  quantity: number
  std_dev: number
  start_at: number
  end_at: number
  upstream?: boolean
}): MatrixBaseline => ({
  stageId: row.stage_id,
  itemId: row.item_id,
  times: row.times,
  quantity: row.quantity,
  stdDev: row.std_dev,
  startAt: row.start_at,
  endAt: row.end_at,
  ...(row.upstream ? { upstream: true } : {}),
})
