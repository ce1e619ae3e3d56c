import Box from '@mui/material/Box'
import { useEffect, useMemo, useState } from 'react'
import { BACKGROUND_ROTATE_LOW_DATA_MS, BACKGROUND_ROTATE_MS } from '../config/constants'
import { pickBackground, RARE_BACKGROUND } from '../lib/background'
import { useHydrated } from '../lib/hydration'
import { settingsStore, type ThemeStyle } from '../lib/state'
import { useSettings } from '../lib/state-hooks'

/**
 * The project's own background art: soft coloured light derived from the background id, as radial
 * gradients (a blurred SVG looked the same but cost tens of milliseconds to paint on a phone).
 */
export const backgroundArt = (id: number, style: ThemeStyle, dark: boolean) => {
  const hues: Record<ThemeStyle, number> = { default: 210, miku2021: 175, seaborn: 190, avemujica: 345 }
  let seed = id * 9301 + 49297
  const next = () => (seed = (seed * 9301 + 49297) % 233280) / 233280
  const base = id === RARE_BACKGROUND ? 45 : hues[style]
  return Array.from({ length: 5 }, () => {
    const h = (base + (next() - 0.5) * 60 + 360) % 360
    const l = dark ? 22 + next() * 14 : 78 + next() * 12
    const x = Math.round(next() * 100)
    const y = Math.round(next() * 100)
    const r = Math.round(15 + next() * 25)
    return `radial-gradient(circle ${r}vmax at ${x}% ${y}%, hsl(${Math.round(h)} 55% ${Math.round(l)}% / 0.55), transparent)`
  }).join(', ')
}

export function RandomBackground({ style, dark, blur }: { style: ThemeStyle; dark: boolean; blur: boolean }) {
  const lowData = useSettings((s) => s.lowData)
  const [id, setId] = useState(() => {
    const picked = pickBackground(settingsStore.get().randomBackground, new Date(), Math.random)
    settingsStore.set({ randomBackground: picked.memo })
    return picked.id
  })
  useEffect(() => {
    const timer = setInterval(
      () => {
        if (document.hidden) return
        const picked = pickBackground(settingsStore.get().randomBackground, new Date(), Math.random)
        settingsStore.set({ randomBackground: picked.memo })
        setId(picked.id)
      },
      lowData ? BACKGROUND_ROTATE_LOW_DATA_MS : BACKGROUND_ROTATE_MS,
    )
    return () => clearInterval(timer)
  }, [lowData])
  const image = useMemo(() => backgroundArt(id, style, dark), [id, style, dark])
  // Random, so not part of the pre-rendered page: drawn once hydrated.
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Box
      aria-hidden
      data-background-id={id}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: -1,
        backgroundImage: image,
        opacity: 0.6,
        filter: blur ? 'blur(8px)' : 'none',
        transition: 'filter 300ms',
      }}
    />
  )
}
