import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { lazy, useEffect, useRef, useState } from 'react'
import { OptionalPart } from '../../components/lazy-mount'
import { NEAR_MARGIN_PX, whenNear } from '../../components/near-viewport'
import { loadPageLocales } from '../../lib/i18n'

/** An underlined link in the text's colour (MUI Link's look, without its module on the first load). */
const LINK_SX = { color: 'inherit', textDecoration: 'underline', '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 } } as const

// What the figures stand on (footer-basis.tsx): its code, its strings (locales/shell, with the page set) and its
// `/basis` request wait until the footer comes near the screen, so a page's first load carries none of them.
const BasisLine = lazy(() => import('./footer-basis').then((m) => ({ default: m.BasisLine })))

function BasisWhenNear() {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = box.current
    if (near || !el) return
    let live = true
    const stop = whenNear(el, () => void loadPageLocales().then(() => live && setNear(true)), NEAR_MARGIN_PX)
    return () => {
      live = false
      stop()
    }
  }, [near])
  return <div ref={box}>{near && <OptionalPart>{<BasisLine />}</OptionalPart>}</div>
}

export function Footer() {
  const { t } = useTranslation()
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('footer.version', { app: t('app.name'), version: env.appVersion, commit: env.commit })}</Typography>
      <Typography variant="body2">
        {t('footer.license')}{' '}
        <Box component="a" sx={LINK_SX} href="https://creativecommons.org/licenses/by-nc/4.0/" target="_blank" rel="noreferrer noopener">
          {t('footer.licenseLink')}
        </Box>
        {' · '}
        <Box component="a" sx={LINK_SX} href="https://penguin-stats.io" target="_blank" rel="noreferrer noopener">
          Penguin Statistics
        </Box>
      </Typography>
      {/* Last: it arrives after the first paint (`/basis`), and nothing below it moves when it does. */}
      <BasisWhenNear />
    </Box>
  )
}
