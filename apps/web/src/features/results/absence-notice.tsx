import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Server, Stage, Zone } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { switchServer } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { uiState } from '../../lib/state'
import type { Presence } from './absence'

const SERVER_KEYS = { CN: 'server.servers.CN', US: 'server.servers.US', JP: 'server.servers.JP', KR: 'server.servers.KR' } as const

type Absent = Extract<Presence, { kind: 'absent' | 'unknown' }>

/**
 * What a page says when its stage or item is not there (issue 38 point 4): on other servers only
 * (`absent`: the stages of the same code this server has, and a switch to each server where it is), or
 * known nowhere (`unknown`: the address may be mistyped, and the way back; the page title says "not found"). Information,
 * not an error: nothing failed to load.
 */
export function AbsenceNotice({
  presence,
  mode,
  name,
  server,
  zonesById,
}: {
  presence: Absent
  mode: 'stage' | 'item'
  /** The stage's code or the item's name, as the page shows it; the id when unknown. */
  name: string
  server: Server
  zonesById?: ReadonlyMap<string, Zone>
}) {
  const { t, i18n } = useTranslation()
  const back =
    mode === 'stage' ? (
      <Button component={RouterLink} to={paths.statsByStage.href()} variant="outlined" size="small" data-testid="absence-back">
        {t('stats.selector.back')}
      </Button>
    ) : (
      <Button component={RouterLink} to={paths.statsByItem.href()} variant="outlined" size="small" data-testid="absence-back">
        {t('stats.itemBack')}
      </Button>
    )
  if (presence.kind === 'unknown')
    return (
      <Alert severity="info" data-testid="address-not-found">
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {mode === 'stage' ? t('stats.absence.stageUnknown', { id: name }) : t('stats.absence.itemUnknown', { id: name })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {back}
          <Button component={RouterLink} to={paths.search.href()} size="small">
            {t('stats.absence.search')}
          </Button>
        </Stack>
      </Alert>
    )
  const here = t(SERVER_KEYS[server])
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(presence.servers.map((s) => t(SERVER_KEYS[s])))
  const label = (s: Stage) => {
    const zone = zonesById?.get(s.zoneId)
    return zone ? `${localized(s.code_i18n, s.code, i18n.language)} · ${localized(zone.zoneName_i18n, zone.zoneName, i18n.language)}` : s.code
  }
  return (
    <Alert severity="info" data-testid="not-on-server">
      <AlertTitle>{mode === 'stage' ? t('stats.absence.stageTitle', { name, server: here }) : t('stats.absence.itemTitle', { name, server: here })}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {mode === 'stage' ? t('stats.absence.stageBody', { servers: list, server: here }) : t('stats.absence.itemBody', { servers: list, server: here })}
      </Typography>
      {presence.sameCode.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('stats.absence.sameCode', { name, server: here })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} data-testid="same-code">
            {presence.sameCode.map((s) => (
              <Button
                key={s.stageId}
                component={RouterLink}
                to={paths.statsByStageSelected.href(s.zoneId, s.stageId)}
                variant="contained"
                size="small"
                sx={{ textTransform: 'none' }}
              >
                {label(s)}
              </Button>
            ))}
          </Stack>
        </>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {presence.servers.map((s) => (
          <Button
            key={s}
            variant={presence.sameCode.length ? 'outlined' : 'contained'}
            size="small"
            // The server selector is locked while a recognition runs; this button follows the same rule.
            disabled={uiState.recognitionRunning}
            onClick={() => switchServer(s)}
            data-testid={`absence-switch-${s}`}
          >
            {t('stats.absence.switch', { server: t(SERVER_KEYS[s]) })}
          </Button>
        ))}
        {back}
      </Stack>
    </Alert>
  )
}
