import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import type { Theme } from '@mui/material/styles'
import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MountWhen } from '../../components/lazy-mount'
import { Pill } from '../../components/pill'
import { visuallyHidden } from '../../components/visually-hidden'
import { NETWORK_HIDE_MS } from '../../config/constants'
import { useNetworkState } from '../../lib/data'
import { haptic } from '../../lib/haptics'

/**
 * "42%": the percent form of zh, en, ja and ko alike. Not Intl.NumberFormat: the indicator shows
 * while the first screen loads, and the first Intl formatter of a page costs ~25 ms (ICU set-up).
 */
const percentText = (percent: number) => `${Math.round(percent)}%`

/**
 * On a phone the pill shows the percentage alone; its words stay for screen readers. "Loading 60%" beside the
 * server and account buttons pushed the account button off a 390 px screen (in ko, 24 px of it) while a page loaded.
 */
const WORDS_SX = (th: Theme) => ({ [th.breakpoints.down('sm')]: visuallyHidden })
const SHORT_SX = { display: { sm: 'none' } } as const

const NetworkErrorsDialog = lazy(() => import('./network-errors-dialog'))

/** Loading percentage while anything is pending, error count otherwise; click lists failures. */
export function NetworkStateIndicator() {
  const { t } = useTranslation()
  const { pending, total, errors } = useNetworkState()
  const [dialog, setDialog] = useState(false)
  const [visible, setVisible] = useState(false)
  const active = pending > 0 || (errors.length > 0 && !dialog)

  useEffect(() => {
    if (active) {
      setVisible(true)
      return
    }
    const timer = setTimeout(() => {
      setVisible(false)
      if (errors.length === 0) haptic('success')
    }, NETWORK_HIDE_MS)
    return () => clearTimeout(timer)
  }, [active, errors.length])

  useEffect(() => {
    if (errors.length > 0 && pending === 0) setDialog(true)
    if (errors.length === 0) setDialog(false)
  }, [errors.length, pending])

  const percent = percentText(total ? Math.ceil(100 - (pending / total) * 100) : 100)
  return (
    <>
      {visible &&
        (pending > 0 ? (
          <Pill
            outlined
            icon={<CircularProgress size={14} color="inherit" aria-hidden />}
            label={
              <>
                <Box component="span" sx={WORDS_SX}>
                  {t('network.loading', { percent })}
                </Box>
                <Box component="span" aria-hidden sx={SHORT_SX}>
                  {percent}
                </Box>
              </>
            }
            role="status"
            data-testid="network-pending"
          />
        ) : errors.length > 0 ? (
          <Pill color="error" icon={<ErrorOutline />} label={t('network.errors', { count: errors.length })} onClick={() => setDialog(true)} />
        ) : null)}
      <MountWhen when={dialog && errors.length > 0}>
        <NetworkErrorsDialog open={dialog && errors.length > 0} errors={errors} onClose={() => setDialog(false)} />
      </MountWhen>
    </>
  )
}
