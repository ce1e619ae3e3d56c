/**
 * The report every black-box check of api-v2.md §12 starts from: a valid single run of `wk_kc_5`
 * (that stage drops exactly 1 × 2002, 1 × 2003 and 3 × 2004 per run, so R is also the one pattern
 * that passes verification). Shared by tests and benchmarks.
 */
export const R = {
  server: 'CN',
  source: 'MeoAssistant',
  stageId: 'wk_kc_5',
  drops: [
    { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1 },
    { dropType: 'NORMAL_DROP', itemId: '2004', quantity: 3 },
  ],
  version: 'v3.0.4',
} as const

/** R as MAA sends it today. */
export const R_MAA = { ...R, source: 'MaaAssistantArknights', version: 'v5.9.0' } as const

/** The `environment` of a defect report (`POST /recognition/defects/report/init`), as the public web client sends it. */
export const DEFECT_ENVIRONMENT = {
  frontendVersion: '1.0.0',
  frontendCommit: 'abc1234',
  recognizerVersion: '1.0.0',
  recognizerOpenCVVersion: 'none',
  recognizerAssetsVersion: '1',
  server: 'CN',
  sessionId: 'Ab3dEf9h',
}

/** The version field of a keyed report: MAA's own, with the idempotency key after `+`, so rows per key can be counted. */
const KEYED_VERSION = 'v5.9.0+'

/** MAA's report carrying its idempotency key in `version` (see {@link storedByKey}). */
export const keyedReport = (key: string) => ({ ...R_MAA, version: `${KEYED_VERSION}${key}` })

/** The hashes stored for each key of {@link keyedReport}: a lost report has none, a doubled one two. */
export const storedByKey = (rows: readonly { version: string; report_hash: string }[]): Map<string, string[]> => {
  const byKey = new Map<string, string[]>()
  for (const r of rows) {
    if (!r.version.startsWith(KEYED_VERSION)) continue
    const key = r.version.slice(KEYED_VERSION.length)
    byKey.set(key, [...(byKey.get(key) ?? []), r.report_hash])
  }
  return byKey
}
