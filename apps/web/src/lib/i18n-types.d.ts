import 'i18next'
import type about from '../locales/about/en.json'
import type advanced from '../locales/advanced/en.json'
import type browse from '../locales/browse/en.json'
import type charts from '../locales/charts/en.json'
import type finding from '../locales/finding/en.json'
import type guide from '../locales/guide/en.json'
import type shell from '../locales/en.json'
import type shellDialogs from '../locales/shell/en.json'
import type planner from '../locales/planner/en.json'
import type recognition from '../locales/recognition/en.json'
import type report from '../locales/report/en.json'
import type stats from '../locales/stats/en.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: {
      translation: typeof shell &
        typeof shellDialogs &
        typeof browse &
        typeof stats &
        typeof charts &
        typeof report &
        typeof advanced &
        typeof planner &
        typeof recognition &
        typeof about &
        typeof guide &
        typeof finding
    }
  }
}
