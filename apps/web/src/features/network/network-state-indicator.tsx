import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import { lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MountWhen } from '../../components/lazy-mount'
import { NETWORK_HIDE_MS } from '../../config/constants'
import { useNetworkState } from '../../lib/data'
import { haptic } from '../../lib/haptics'

const NetworkErrorsDialog = lazy(() => import('./network-errors-dialog'))

/** Loading percentage while anything is pending, error count otherwise; click lists failures. */
export function NetworkStateIndicator() {
  const { t, i18n } = useTranslation()
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

  const percent = total ? Math.ceil(100 - (pending / total) * 100) : 100
  return (
    <>
      {visible &&
        (pending > 0 ? (
          <Chip
            size="small"
            color="default"
            icon={<CircularProgress size={14} color="inherit" />}
            label={t('network.loading', { percent: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100) })}
            sx={{ color: 'inherit', borderColor: 'currentColor' }}
            variant="outlined"
            role="status"
            data-testid="network-pending"
          />
        ) : errors.length > 0 ? (
          <Chip size="small" color="error" icon={<ErrorOutline />} label={t('network.errors', { count: errors.length })} onClick={() => setDialog(true)} />
        ) : null)}
      <MountWhen when={dialog && errors.length > 0}>
        <NetworkErrorsDialog open={dialog && errors.length > 0} errors={errors} onClose={() => setDialog(false)} />
      </MountWhen>
    </>
  )
}
