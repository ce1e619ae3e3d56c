import Box from '@mui/material/Box'
import { useEffect, useMemo, useState } from 'react'
import { BACKGROUND_ROTATE_LOW_DATA_MS, BACKGROUND_ROTATE_MS } from '../config/constants'
import { pickBackground, RARE_BACKGROUND } from '../lib/background'
import { settingsStore, type ThemeStyle } from '../lib/state'
import { useSettings } from '../lib/state-hooks'

/** The project's own background art: soft generated shapes derived from the background id. */
export const backgroundArt = (id: number, style: ThemeStyle, dark: boolean) => {
  const hues: Record<ThemeStyle, number> = { default: 210, miku2021: 175, seaborn: 190, avemujica: 345 }
  let seed = id * 9301 + 49297
  const next = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280)
  const base = id === RARE_BACKGROUND ? 45 : hues[style]
  const blobs = Array.from({ length: 5 }, () => {
    const h = (base + (next() - 0.5) * 60 + 360) % 360
    const l = dark ? 22 + next() * 14 : 78 + next() * 12
    return `<circle cx="${Math.round(next() * 1600)}" cy="${Math.round(next() * 900)}" r="${Math.round(200 + next() * 350)}" fill="hsl(${Math.round(h)} 55% ${Math.round(l)}%)" fill-opacity="0.55"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" preserveAspectRatio="xMidYMid slice"><filter id="b"><feGaussianBlur stdDeviation="90"/></filter><g filter="url(#b)">${blobs}</g></svg>`
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`
}

export function RandomBackground({ style, dark, blur }: { style: ThemeStyle; dark: boolean; blur: boolean }) {
  const { lowData } = useSettings()
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
  return (
    <Box
      aria-hidden
      data-background-id={id}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: -1,
        backgroundImage: image,
        backgroundSize: 'cover',
        opacity: 0.6,
        filter: blur ? 'blur(8px)' : 'none',
        transition: 'filter 300ms',
      }}
    />
  )
}
