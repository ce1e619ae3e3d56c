import type { PlanRequest, PlanResponse } from '@dropwise/planner'

/** POSTs to the planner service named by /config (no credentials), for when the worker cannot run. */
export const planOnServer = async (url: string, request: PlanRequest): Promise<PlanResponse> => {
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(request), headers: { 'Content-Type': 'application/json' }, credentials: 'omit' })
  const body = (await res.json()) as PlanResponse | { message?: string }
  if ('error' in body || 'stages' in body) return body as PlanResponse
  throw new Error(`(${res.status}) ${(body as { message?: string }).message ?? res.statusText}`)
}

/** A reason a player understands for a failed plan (the package's reason is English). */
export const failureText = (response: Extract<PlanResponse, { error: true }>, unobtainable: (items: string[]) => string): string =>
  response.code === 'unobtainable-item' && response.items?.length ? unobtainable(response.items) : response.reason
