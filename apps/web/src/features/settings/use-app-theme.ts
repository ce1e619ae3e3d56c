import { createTheme, type Theme } from '@mui/material/styles'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { THEME_CHECK_MS } from '../../config/constants'
import { useSettings } from '../../lib/state-hooks'
import type { ThemeStyle } from '../../lib/state'
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
    () => null,
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

export const useAppTheme = (): { theme: Theme; style: ThemeStyle; styles: ThemeStyle[] } => {
  const settings = useSettings()
  const systemDark = useSystemDark()
  const now = useThemeClock()
  const style = effectiveStyle(settings.themeStyle, now)
  const mode = resolveMode(settings.dark, style, systemDark)
  const styles = useMemo(() => availableStyles(now), [now])
  const theme = useMemo(() => {
    const [main, dark] = PALETTES[style][mode]
    return createTheme({
      palette: {
        mode,
        primary: { main, dark },
        background: mode === 'dark' ? { default: '#121212', paper: '#1e1e1e' } : { default: '#f5f5f5', paper: '#ffffff' },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif' },
    })
  }, [style, mode])

  useEffect(() => {
    document.documentElement.dataset.theme = style
    document.documentElement.style.colorScheme = mode
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
    if (meta) meta.content = PALETTES[style][mode][1]
  }, [style, mode])

  return { theme, style, styles }
}
