import { changeLocale, seabornOf, type BaseLocale } from '../../lib/i18n'
import { settingsStore, type ThemeStyle } from '../../lib/state'

/** Save the visitor's language; under the seaborn theme its seaborn variant is shown. */
export const chooseLocale = (locale: BaseLocale, style: ThemeStyle) => {
  settingsStore.set({ language: locale })
  void changeLocale(style === 'seaborn' ? seabornOf(locale) : locale)
}
