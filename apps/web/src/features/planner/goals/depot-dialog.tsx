import FolderOpen from '@mui/icons-material/FolderOpen'
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
import type { Item } from '@dropwise/schemas'
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CostChips } from './cost-chips'
import { readDepot, type DepotReading } from './depot'

export type StockMode = 'replace' | 'merge'

/** Files larger than this are not read (a depot export is a few KB). */
const FILE_MAX_BYTES = 2_000_000

interface DepotDialogProps {
  open: boolean
  known: ReadonlySet<string>
  itemById: ReadonlyMap<string, Item>
  nameToId: (name: string) => string | undefined
  onClose: () => void
  onImport: (stock: Record<string, number>, mode: StockMode) => void
}

/**
 * Imports the player's stock (issue 39 §3) from the export of MAA's depot recognition, arkntools' toolbox or the
 * Penguin planner, pasted or read from a file. As the text changes it says which format it found, what it would
 * import, every id it does not know (by name: they are not imported, and never dropped silently) and every entry
 * it could not read; a text it cannot read at all gets a sentence saying why.
 */
export function DepotDialog({ open, known, itemById, nameToId, onClose, onImport }: DepotDialogProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [mode, setMode] = useState<StockMode>('replace')
  const fileRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const deferred = useDeferredValue(text)
  useEffect(() => {
    if (!open) return
    setText('')
    setFileName(null)
    setFileProblem(null)
  }, [open])
  const reading: DepotReading | null = useMemo(() => (deferred.trim() ? readDepot(deferred, known, nameToId) : null), [deferred, known, nameToId])

  const readFile = async (file: File) => {
    setFileProblem(null)
    if (file.size > FILE_MAX_BYTES) {
      setFileProblem(t('planner.goals.depot.fileTooLarge', { name: file.name }))
      return
    }
    try {
      setText(await file.text())
      setFileName(file.name)
    } catch {
      setFileProblem(t('planner.goals.depot.fileUnreadable', { name: file.name }))
    }
  }

  const ok = reading?.ok ? reading.depot : null
  const imported = ok ? Object.keys(ok.stock).length : 0
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} data-testid="goals-depot-dialog">
      <DialogTitle id={titleId}>{t('planner.goals.depot.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('planner.goals.depot.help')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<FolderOpen />} onClick={() => fileRef.current?.click()} data-testid="goals-depot-file-button">
              {t('planner.goals.depot.chooseFile')}
            </Button>
            {fileName && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('planner.goals.depot.fileRead', { name: fileName })}
              </Typography>
            )}
            <input
              ref={fileRef}
              type="file"
              accept=".json,.txt,application/json,text/plain"
              hidden
              aria-label={t('planner.goals.depot.chooseFile')}
              data-testid="goals-depot-file"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void readFile(file)
                e.target.value = ''
              }}
            />
          </Box>
          {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
          <TextField
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              setFileName(null)
            }}
            multiline
            minRows={4}
            maxRows={10}
            fullWidth
            label={t('planner.goals.depot.paste')}
            placeholder={t('planner.goals.depot.placeholder')}
            slotProps={{ htmlInput: { 'data-testid': 'goals-depot-text', spellCheck: false } }}
          />
          <Box aria-live="polite" data-testid="goals-depot-result">
            {reading && !reading.ok && (
              <Alert severity="error" data-testid="goals-depot-error">
                {t(`planner.goals.depot.error.${reading.error}`)}
              </Alert>
            )}
            {ok && (
              <Stack spacing={1.5}>
                <Alert severity={imported > 0 ? 'success' : 'warning'} data-testid="goals-depot-format" data-format={ok.format} data-shape={ok.shape}>
                  {t('planner.goals.depot.found', { format: t(`planner.goals.depot.format.${ok.format}`), shape: t(`planner.goals.depot.shape.${ok.shape}`) })}{' '}
                  {t('planner.goals.depot.willImport', { count: imported })}
                </Alert>
                {imported > 0 && (
                  <Box data-testid="goals-depot-items">
                    <CostChips items={withoutZeros(ok.stock)} itemById={itemById} />
                    {Object.values(ok.stock).some((n) => n === 0) && (
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                        {t('planner.goals.depot.zeros', { count: Object.values(ok.stock).filter((n) => n === 0).length })}
                      </Typography>
                    )}
                  </Box>
                )}
                {ok.unknown.length > 0 && (
                  <Alert severity="info" data-testid="goals-depot-unknown">
                    {t('planner.goals.depot.unknown', { count: ok.unknown.length })}
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {ok.unknown.map((u) => (
                        <li key={u.id}>
                          <code>{u.id}</code>
                          {u.name && u.name !== u.id ? ` (${u.name})` : ''} × {u.count}
                        </li>
                      ))}
                    </Box>
                  </Alert>
                )}
                {ok.skipped.length > 0 && (
                  <Alert severity="warning" data-testid="goals-depot-skipped">
                    {t('planner.goals.depot.skipped', { count: ok.skipped.length })}
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {ok.skipped.map((s) => (
                        <li key={s.at}>{t(`planner.goals.depot.skip.${s.reason}`, { at: s.at, entry: s.entry })}</li>
                      ))}
                    </Box>
                  </Alert>
                )}
                {imported > 0 && (
                  <TextField
                    select
                    size="small"
                    label={t('planner.goals.depot.modeLabel')}
                    value={mode}
                    onChange={(e) => setMode(e.target.value as StockMode)}
                    fullWidth
                    slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'goals-depot-mode' } }}
                  >
                    <option value="replace">{t('planner.goals.depot.replace')}</option>
                    <option value="merge">{t('planner.goals.depot.merge')}</option>
                  </TextField>
                )}
              </Stack>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
        <Button variant="contained" disabled={imported === 0} onClick={() => ok && onImport(ok.stock, mode)} data-testid="goals-depot-import">
          {t('planner.goals.depot.import', { count: imported })}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

const withoutZeros = (stock: Record<string, number>) => Object.fromEntries(Object.entries(stock).filter(([, n]) => n > 0))
