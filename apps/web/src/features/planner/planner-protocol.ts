import type { PlannerData, PlanRequest, PlanResponse } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'

/** Messages between the page and the planner worker. */
export type ToWorker = { type: 'load'; server: Server; version: number; data: PlannerData } | { type: 'plan'; id: number; version: number; request: PlanRequest }

export type FromWorker =
  | { type: 'ready'; version: number; ms: number }
  | { type: 'result'; id: number; response: PlanResponse; ms: number }
  | { type: 'failed'; id: number | null; message: string }
