import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResetChoice } from './planner-state'

const NONE: ResetChoice = { items: false, options: false, excludes: false }
const PARTS = ['options', 'excludes', 'items'] as const

/** Reset dialog: three parts, confirm disabled when none is chosen; the choice clears on each toggle. */
export function ResetDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: (choice: ResetChoice) => void }) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState<ResetChoice>(NONE)
  useEffect(() => setChoice(NONE), [open])
  const any = choice.items || choice.options || choice.excludes
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 400 } } }} aria-labelledby="planner-reset-title">
      <DialogTitle id="planner-reset-title">{t('planner.reset.title')}</DialogTitle>
      <DialogContent>
        <FormGroup>
          {PARTS.map((part) => (
            <FormControlLabel
              key={part}
              control={<Checkbox checked={choice[part]} onChange={(e) => setChoice((c) => ({ ...c, [part]: e.target.checked }))} />}
              label={t(`planner.reset.parts.${part}`)}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button color="error" variant="contained" disabled={!any} onClick={() => onConfirm(choice)}>
          {t('planner.reset.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
