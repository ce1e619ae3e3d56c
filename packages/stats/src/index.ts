// Public surface of @dropwise/stats: drop-rate math, periods, matrix/pattern/trend numbers, site stats.
export { Z_95, LOW_SAMPLE_MIN_TIMES, UNKNOWN_AP_COST, dropRate, apPerItem, runsPerItem, confidenceInterval, isLowSample } from './drop-rate'
export type { RateInterval } from './drop-rate'
export { endOrInfinity, normalizeEnd, rangeContains, rangesOverlap, wireEnd, segmentPeriods, currentPeriod, isStageOpenAt } from './period'
export type { TimeRange, AccumulableRange, Period } from './period'
export {
  EMPTY_SUMS,
  addSums,
  sumsFromReports,
  histogramSumSquares,
  sumsFromAggregates,
  aggregateReports,
  mergeAggregates,
  populationStdDev,
  roundStdDev,
  matrixNumbers,
  sumsFromNumbers,
  mergeBaseline,
} from './matrix'
export type { ReportSample, QuantityHistogram, DayAggregate, MatrixSums, MatrixNumbers } from './matrix'
export { DAY_MS, HOUR_MS, serverOffsetMs, serverDayIndex, serverDayStart, startOfServerDay, serverDayDate, dayIndexOfDate } from './server-day'
export { MANUAL_SOURCES, sourceCategory, matchesCategory } from './category'
export {
  PATTERN_CAP,
  RECRUIT_STAGE_ID,
  canonicalPattern,
  patternKey,
  parsePatternKey,
  patternHash,
  countsForPatterns,
  sumPatternDays,
  topPatterns,
  capPatternsPerStage,
  sortPatternDrops,
} from './pattern'
export type { PatternDrop, PatternDay } from './pattern'
export { sha256Hex } from './sha256'
export { MAX_TREND_BUCKETS, planTrendBuckets, trendPlanErrorMessage, bucketRange, bucketIndexOf, fillTrend } from './trend-buckets'
export type { TrendPlan, TrendPlanError, TimedSample } from './trend-buckets'
export { GLOBAL_TREND_DAYS, buildGlobalTrend } from './global-trend'
export type { DailyPairRow, StageTrend } from './global-trend'
export { SITE_STATS_ITEM_TYPES, siteStats } from './site-stats'
export type { SiteStats, SiteStatsStage, SiteStatsInput } from './site-stats'
