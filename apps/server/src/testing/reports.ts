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
