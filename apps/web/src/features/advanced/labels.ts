import type { ParseKeys, TFunction } from 'i18next'
import { DAY_MS, HOUR_MS, MAX_TREND_SECTIONS, type DraftProblem, type QueryErrorKind } from './query-model'

const INTERVAL_KEYS: Record<number, ParseKeys> = {
  [HOUR_MS]: 'advanced.interval.h1',
  [6 * HOUR_MS]: 'advanced.interval.h6',
  [12 * HOUR_MS]: 'advanced.interval.h12',
  [DAY_MS]: 'advanced.interval.d1',
  [4 * DAY_MS]: 'advanced.interval.d4',
  [7 * DAY_MS]: 'advanced.interval.w1',
  [14 * DAY_MS]: 'advanced.interval.w2',
  [21 * DAY_MS]: 'advanced.interval.w3',
  [30 * DAY_MS]: 'advanced.interval.d30',
}

/** The label key of an interval choice; an unknown length reads as hours. */
export const intervalLabelKey = (ms: number): ParseKeys => INTERVAL_KEYS[ms] ?? 'advanced.interval.hours'

export const ERROR_KEYS: Record<QueryErrorKind, ParseKeys> = {
  rateLimited: 'advanced.errors.rateLimited',
  invalidRange: 'advanced.errors.invalidRange',
  intervalTooShort: 'advanced.errors.intervalTooShort',
  tooManySections: 'advanced.errors.tooManySections',
  notFound: 'advanced.errors.notFound',
  loginRequired: 'advanced.errors.loginRequired',
  network: 'advanced.errors.network',
  invalidRequest: 'advanced.errors.invalidRequest',
  other: 'advanced.errors.other',
}

/** Why a query cannot run, in words. */
export const problemText = (t: TFunction, p: DraftProblem): string =>
  p.code === 'noStage'
    ? t('advanced.problems.noStage')
    : p.code === 'invalidRange'
      ? t('advanced.problems.invalidRange')
      : p.code === 'personalNeedsLogin'
        ? t('advanced.problems.personalNeedsLogin')
        : t('advanced.problems.tooManySections', { sections: p.sections, max: MAX_TREND_SECTIONS })
