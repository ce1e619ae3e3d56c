import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NETWORK_HIDE_MS } from '../../config/constants'
import { retryFailed, useNetworkState } from '../../lib/data'
import type { DatasetId } from '../../lib/datasets'
import { haptic } from '../../lib/haptics'

const DATASET_LABELS = {
  config: 'fetch.failed.error.config',
  items: 'fetch.failed.error.items',
  stages: 'fetch.failed.error.stages',
  zones: 'fetch.failed.error.zones',
  period: 'fetch.failed.error.period',
  globalMatrix: 'fetch.failed.error.globalMatrix',
  globalPatternMatrix: 'fetch.failed.error.globalPatternMatrix',
  personalMatrix: 'fetch.failed.error.personalMatrix',
  personalPatternMatrix: 'fetch.failed.error.personalPatternMatrix',
  trends: 'fetch.failed.error.trends',
  stats: 'fetch.failed.error.stats',
} as const satisfies Record<DatasetId, string>

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
      <Dialog open={dialog && errors.length > 0} onClose={() => setDialog(false)} slotProps={{ paper: { sx: { maxWidth: 450, width: '100%' } } }}>
        <DialogTitle>{t('fetch.failed.title')}</DialogTitle>
        <DialogContent>
          <List dense>
            {errors.map((e) => (
              <ListItem key={e.id + e.message}>
                <ListItemText primary={e.id in DATASET_LABELS ? t(DATASET_LABELS[e.id as DatasetId]) : e.id} secondary={e.message} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(false)}>{t('dialog.close')}</Button>
          <Button variant="contained" onClick={() => void retryFailed()}>
            {t('fetch.failed.retry')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
