import type { Server, Stage, Zone } from '@dropwise/schemas'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../lib/i18n'
import { allStageIds, buildExclusionTree, setIncluded, toggleBox, triState } from './exclusions'

interface ExcludeDialogProps {
  open: boolean
  server: Server
  zones: readonly Zone[]
  stages: readonly Stage[]
  excludes: readonly string[]
  onClose: () => void
  onChange: (excludes: string[]) => void
}

function TriBox({ label, stageIds, excluded, onToggle }: { label: string; stageIds: string[]; excluded: ReadonlySet<string>; onToggle: () => void }) {
  const state = triState(stageIds, excluded)
  return (
    <FormControlLabel
      onClick={(e) => e.stopPropagation()}
      onFocus={(e) => e.stopPropagation()}
      control={<Checkbox checked={state === 'checked'} indeterminate={state === 'indeterminate'} onChange={onToggle} />}
      label={label}
    />
  )
}

/** Exclude-stages dialog (spec 001 §2, web-reference row 113); emits the unselected stage ids. */
export function ExcludeDialog({ open, server, zones, stages, excludes, onClose, onChange }: ExcludeDialogProps) {
  const { t, i18n } = useTranslation()
  const [showClosed, setShowClosed] = useState(false)
  const [now] = useState(() => Date.now())
  const tree = useMemo(() => buildExclusionTree(zones, stages, server, now, showClosed), [zones, stages, server, now, showClosed])
  const stageById = useMemo(() => new Map(stages.map((s) => [s.stageId, s])), [stages])
  const zoneById = useMemo(() => new Map(zones.map((z) => [z.zoneId, z])), [zones])
  const excluded = new Set(excludes)
  const all = allStageIds(tree)
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 700 } } }} aria-labelledby="planner-exclude-title">
      <DialogTitle id="planner-exclude-title">{t('planner.exclude.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          <Button variant="outlined" size="small" onClick={() => onChange(setIncluded(excludes, all, false))}>
            {t('planner.exclude.allOff')}
          </Button>
          <Button variant="outlined" size="small" onClick={() => onChange(setIncluded(excludes, all, true))}>
            {t('planner.exclude.allOn')}
          </Button>
          <FormControlLabel control={<Switch checked={showClosed} onChange={(e) => setShowClosed(e.target.checked)} />} label={t('planner.exclude.showClosed')} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('planner.exclude.count', { count: excludes.length })}
        </Typography>
        {tree.map((group) => {
          const groupIds = group.zones.flatMap((z) => z.stageIds)
          return (
            <Accordion key={group.category} disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`exclude-${group.category}`}>
                <TriBox
                  label={t(`planner.exclude.categories.${group.category}`)}
                  stageIds={groupIds}
                  excluded={excluded}
                  onToggle={() => onChange(toggleBox(excludes, groupIds))}
                />
              </AccordionSummary>
              <AccordionDetails id={`exclude-${group.category}`}>
                {group.zones.map((z) => {
                  const zone = zoneById.get(z.zoneId)
                  return (
                    <Box key={z.zoneId} sx={{ mb: 1 }}>
                      <TriBox
                        label={zone ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : z.zoneId}
                        stageIds={z.stageIds}
                        excluded={excluded}
                        onToggle={() => onChange(toggleBox(excludes, z.stageIds))}
                      />
                      <Box sx={{ pl: 4, display: 'flex', flexWrap: 'wrap' }}>
                        {z.stageIds.map((id) => {
                          const stage = stageById.get(id)
                          return (
                            <FormControlLabel
                              key={id}
                              sx={{ minWidth: 96 }}
                              control={<Checkbox size="small" checked={!excluded.has(id)} onChange={(e) => onChange(setIncluded(excludes, [id], e.target.checked))} />}
                              label={stage ? localized(stage.code_i18n, stage.code, i18n.language) : id}
                            />
                          )
                        })}
                      </Box>
                    </Box>
                  )
                })}
              </AccordionDetails>
            </Accordion>
          )
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('dialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
