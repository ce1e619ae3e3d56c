import { createTheme, darken, type Theme } from '@mui/material/styles'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { THEME_CHECK_MS } from '../../config/constants'
import { hydrationHints } from '../../lib/hydration'
import { useSettings } from '../../lib/state-hooks'
import type { ThemeStyle } from '../../lib/state'
import { readableOn, TEXT_CONTRAST, textOn } from './theme-colors'
import { AVEMUJICA_RELEASE_MS, PALETTES, SEABORN_RELEASE_MS, availableStyles, effectiveStyle, resolveMode } from './theme-style'

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null)

/** The OS preference, or null when the browser cannot tell. */
export const useSystemDark = () =>
  useSyncExternalStore(
    (cb) => {
      const mq = query()
      mq?.addEventListener('change', cb)
      return () => mq?.removeEventListener('change', cb)
    },
    () => {
      const mq = query()
      return mq ? mq.matches : null
    },
    // In the build's pre-render: the OS scheme that page variant was rendered for; in the browser: the real one.
    () => hydrationHints().systemDark ?? query()?.matches ?? null,
  )

/** Current time, re-read every 60 s and right after the theme release dates. */
export const useThemeClock = () => {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), THEME_CHECK_MS)
    const timers = [SEABORN_RELEASE_MS, AVEMUJICA_RELEASE_MS]
      .map((t) => t + 5_000 - Date.now())
      .filter((d) => d > 0 && d < 2 ** 31 - 1)
      .map((d) => setTimeout(() => setNow(new Date()), d))
    return () => {
      clearInterval(timer)
      timers.forEach(clearTimeout)
    }
  }, [])
  return now
}

/** MUI InputBase's own global styles (the keyframes whose start tells it the browser autofilled a field), as it writes them. */
const INPUT_KEYFRAMES = {
  '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
  '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
}

const themes = new Map<string, Theme>()
/**
 * The MUI theme of a style and mode, built once (building one takes a long moment on a phone):
 * main.tsx builds the one it is about to render with in a task of its own, before the first render.
 */
export const themeFor = (style: ThemeStyle, mode: 'light' | 'dark'): Theme => {
  const key = `${style}.${mode}`
  let theme = themes.get(key)
  if (!theme) {
    const [brand, brandDark] = PALETTES[style][mode]
    // The brand colours as given paint the top bar; text in the primary colour (links, text buttons,
    // tabs, the back links) uses a shade of them that reads on the page (issue #17: Ave Mujica's
    // dark red and Seaborn's deep teal nearly vanished on dark paper).
    const main = readableOn(brand, mode)
    const dark = mode === 'light' ? readableOn(brandDark, mode) : readableOn(darken(main, 0.15), mode)
    theme = createTheme({
      palette: {
        mode,
        primary: { main, dark },
        // Text on filled buttons and chips: black or white at 4.5:1, not MUI's default 3:1.
        contrastThreshold: TEXT_CONTRAST,
        background: mode === 'dark' ? { default: '#121212', paper: '#1e1e1e' } : { default: '#f5f5f5', paper: '#ffffff' },
      },
      components: {
        MuiAppBar: { styleOverrides: { colorPrimary: { backgroundColor: brand, color: textOn(brand) } } },
        // Every input drew the autofill keyframes it watches as global styles of its own: an emotion
        // <style> element per input (240 on the planner), each insertion restyling the whole page. They
        // are drawn once, with the baseline.
        MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
        MuiCssBaseline: { styleOverrides: INPUT_KEYFRAMES },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif' },
    })
    themes.set(key, theme)
  }
  return theme
}

export const useAppTheme = (): { theme: Theme; style: ThemeStyle; styles: ThemeStyle[] } => {
  // Only the fields the theme uses: a change of another setting (the background memo, say) re-renders nothing here.
  const themeStyle = useSettings((s) => s.themeStyle)
  const appearance = useSettings((s) => s.dark)
  const systemDark = useSystemDark()
  const now = useThemeClock()
  const style = effectiveStyle(themeStyle, now)
  const mode = resolveMode(appearance, style, systemDark)
  const styles = useMemo(() => availableStyles(now), [now])
  const theme = themeFor(style, mode)

  useEffect(() => {
    document.documentElement.dataset.theme = style
    document.documentElement.style.colorScheme = mode
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    if (meta) meta.content = PALETTES[style][mode][1]
  }, [style, mode])

  return { theme, style, styles }
}
