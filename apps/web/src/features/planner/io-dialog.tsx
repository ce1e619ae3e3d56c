import ContentCopy from '@mui/icons-material/ContentCopy'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { applyImport, exportConfigText, parseImport, type ImportSegmentError } from './planner-io'
import type { PlannerState } from './planner-state'

interface IoDialogProps {
  open: boolean
  state: PlannerState
  offered: ReadonlySet<string>
  nameToId: (name: string) => string | undefined
  onClose: () => void
  onImport: (state: PlannerState) => void
}

/** Import/export dialog (web-reference row 117): export text with copy, import box with outcomes. */
export function IoDialog({ open, state, offered, nameToId, onClose, onImport }: IoDialogProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [segments, setSegments] = useState<ImportSegmentError[]>([])
  const [unknown, setUnknown] = useState<string[]>([])
  useEffect(() => {
    if (!open) return
    setText('')
    setProblem(null)
    setSegments([])
    setUnknown([])
  }, [open])
  const exported = exportConfigText(state)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exported)
      snackbar.show(t('planner.io.copied'), { severity: 'success' })
    } catch {
      snackbar.show(t('planner.io.copyFailed'), { severity: 'warning' })
    }
  }

  const runImport = () => {
    const parsed = parseImport(text, nameToId)
    if (!parsed.ok) {
      const message = t(`planner.import.${parsed.error}`)
      setProblem(message)
      setSegments([])
      setUnknown([])
      snackbar.show(message, { severity: 'error', timeout: 5000 })
      return
    }
    const applied = applyImport(state, parsed, offered)
    setProblem(null)
    setSegments(parsed.errors)
    setUnknown(applied.unknown)
    onImport(applied.state)
    if (parsed.errors.length > 0) snackbar.show(t('planner.import.invalidItemSegment', { count: parsed.errors.length }), { severity: 'error', timeout: 5000 })
    else snackbar.show(t('planner.import.success', { count: applied.patched, amount: applied.patched }), { severity: 'success', timeout: 5000 })
    if (parsed.errors.length === 0 && applied.unknown.length === 0) onClose()
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 800 } } }} aria-labelledby="planner-io-title">
      <DialogTitle id="planner-io-title">{t('planner.io.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle1" component="h3">
                {t('planner.io.export')}
              </Typography>
              <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
                {t('planner.io.copy')}
              </Button>
            </Stack>
            <TextField
              value={exported}
              multiline
              minRows={4}
              maxRows={10}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': t('planner.io.export'), 'data-testid': 'planner-export-text', spellCheck: false } }}
            />
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('planner.io.import')}
            </Typography>
            <TextField
              value={text}
              onChange={(e) => setText(e.target.value)}
              multiline
              minRows={4}
              maxRows={10}
              fullWidth
              placeholder={t('planner.io.importPlaceholder')}
              slotProps={{ htmlInput: { 'aria-label': t('planner.io.import'), 'data-testid': 'planner-import-text', spellCheck: false } }}
            />
            {problem && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {problem}
              </Alert>
            )}
            {segments.length > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="planner-import-segments">
                {t('planner.import.invalidItemSegment', { count: segments.length })}
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {segments.map((s) => (
                    <li key={`${s.index}-${s.entry}`}>{t(`planner.import.segment.${s.reason}`, { index: s.index + 1, entry: s.entry })}</li>
                  ))}
                </Box>
              </Alert>
            )}
            {unknown.length > 0 && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('planner.import.unknownIds', { ids: unknown.join(', ') })}
              </Alert>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button variant="contained" onClick={runImport} disabled={text.trim() === ''} data-testid="planner-import-run">
          {t('planner.io.doImport')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
