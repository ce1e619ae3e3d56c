import type { HeldReport, HeldReportState } from '@dropwise/schemas'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { heldReportsQueryOptions } from './get-held-reports'

const STATE_KEYS = {
  held: 'auth.held.state.held',
  released: 'auth.held.state.released',
  rejected: 'auth.held.state.rejected',
  recalled: 'auth.held.state.recalled',
} as const satisfies Record<HeldReportState, string>
const STATE_COLORS = { held: 'warning', released: 'success', rejected: 'error', recalled: 'default' } as const satisfies Record<HeldReportState, string>

/** The player's reports held for game data that did not know their stage or items yet (opened from the account menu). */
export function HeldReportsDialog({ username, open, onClose }: { username: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const query = useQuery({ ...heldReportsQueryOptions(username), enabled: open })
  const why = (r: HeldReport) =>
    r.reason === 'unknown-stage' ? t('auth.held.reason.stage', { stageId: r.stageId }) : t('auth.held.reason.items', { items: r.unknownItems.join(', ') })
  return (
    <Dialog open={open} onClose={onClose} slotProps={{ paper: { sx: { width: '100%', maxWidth: 520 } } }}>
      <DialogTitle>{t('auth.held.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('auth.held.intro')}
        </Typography>
        {query.isPending && <Typography variant="body2">{t('auth.held.loading')}</Typography>}
        {query.isError && (
          <Typography color="error" variant="body2" role="alert">
            {t('auth.held.error', { message: query.error.message })}
          </Typography>
        )}
        {query.data && query.data.held.length === 0 && <Typography variant="body2">{t('auth.held.empty')}</Typography>}
        <List dense data-testid="held-reports">
          {(query.data?.held ?? []).map((r) => (
            <ListItem key={r.reportHash} disableGutters secondaryAction={<Chip size="small" color={STATE_COLORS[r.state]} label={t(STATE_KEYS[r.state])} />}>
              <ListItemText
                primary={`${r.stageId} · ${r.server} · ${formatDate(r.createdAt, { time: true })}`}
                secondary={r.state === 'rejected' ? `${why(r)}. ${t('auth.held.rejected')}` : why(r)}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
