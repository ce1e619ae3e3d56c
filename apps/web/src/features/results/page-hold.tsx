import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { openFirstContent } from '../../lib/first-content'

/** The longest a page's first data may keep it hidden; then it shows what it has. */
export const HOLD_MAX_MS = 8_000

/**
 * Keeps a page's body laid out but invisible (`visibility: hidden`) until its first data is in, then
 * shows it at once: the parts that arrive one by one (titles, notes, tables) fill their places while
 * nobody sees them, so nothing visible moves (Chromium counts no layout shift for invisible boxes).
 * A progress bar shows meanwhile. Once shown, a page stays shown (a later refetch keeps its rows).
 */
export function PageHold({ ready, children }: { ready: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(ready)
  useEffect(() => {
    if (ready) setShown(true)
  }, [ready])
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), HOLD_MAX_MS)
    return () => clearTimeout(timer)
  }, [])
  const visible = shown || ready
  // Shown, or left before it showed: the start-up datasets that waited for this page go (lib/first-content.ts).
  useEffect(() => {
    if (visible) openFirstContent()
  }, [visible])
  useEffect(() => openFirstContent, [])
  return (
    <Box sx={{ position: 'relative' }} aria-busy={!visible} data-testid="page-hold" data-ready={visible ? 'true' : 'false'}>
      {!visible && <LinearProgress aria-label={t('stats.table.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Box sx={visible ? undefined : { visibility: 'hidden' }}>{children}</Box>
    </Box>
  )
}
