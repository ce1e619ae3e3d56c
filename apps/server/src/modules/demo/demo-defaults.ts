import type { DemoOptions } from './demo.service'

/** The embedded demo: 60 days of CN reports (a third as many on each other server). */
export const DEMO_DEFAULTS: DemoOptions = { reportsPerDay: 200, days: 60, seed: 20261121 }
