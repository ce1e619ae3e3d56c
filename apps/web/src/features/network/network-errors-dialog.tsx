import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import { useTranslation } from 'react-i18next'
import { retryFailed, type NetworkState } from '../../lib/data'
import type { DatasetId } from '../../lib/datasets'

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

/** The failed resources with Retry (loaded when something failed, see ./network-state-indicator). */
export default function NetworkErrorsDialog({ open, errors, onClose }: { open: boolean; errors: NetworkState['errors']; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} slotProps={{ paper: { sx: { maxWidth: 450, width: '100%' } } }}>
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
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button variant="contained" onClick={() => void retryFailed()}>
          {t('fetch.failed.retry')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
