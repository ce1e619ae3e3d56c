/** The source every simulated report carries: the mark that tells demo data from real reports. */
export const DEMO_SOURCE = 'dropwise-demo'

/**
 * The aggregate category of simulated reports (migration 0005): they are counted under it alone, never
 * under `all` or their report category, so the drop matrix, exports and all-time statistics stay real.
 */
export const DEMO_CATEGORY = 'demo'

/**
 * Sent with pattern, trend, advanced and site-statistics answers: how many of the runs counted in the
 * answer come from simulated demo reports (0 when none). docs/api-extensions.md §3g.
 */
export const SIMULATED_RUNS_HEADER = 'X-Dropwise-Simulated-Runs'
