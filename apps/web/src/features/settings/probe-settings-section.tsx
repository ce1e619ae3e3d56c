import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { browserDoNotTrack, probeSettingsStore, useProbeSettings } from '../../lib/probe/probe-settings'

/** The settings dialog's privacy section: the usage-probe switch, off in effect under Do Not Track. */
export function ProbeSettingsSection() {
  const { t } = useTranslation()
  const { enabled } = useProbeSettings()
  const dnt = browserDoNotTrack(navigator, window as { doNotTrack?: string })
  return (
    <Stack spacing={1}>
      <Typography variant="overline" component="h3">
        {t('browse.probe.label')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={enabled && !dnt} disabled={dnt} onChange={(e) => probeSettingsStore.set({ enabled: e.target.checked })} data-testid="probe-switch" />}
        label={t('browse.probe.share')}
      />
      <Typography variant="caption">{dnt ? t('browse.probe.dnt') : t('browse.probe.hint')}</Typography>
    </Stack>
  )
}
