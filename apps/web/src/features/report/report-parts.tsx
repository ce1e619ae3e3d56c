import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTheme } from '@mui/material/styles'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { ClosedReason } from '@dropwise/report'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../config/paths'
import { useHydrated } from '../../lib/hydration'
import { noticeRules, type SubmitFailure } from './report-draft'

/**
 * The report notices; a gacha stage leaves out those that do not apply to opening boxes. On phones
 * they start folded to one line, so the first drop card is on screen above the sticky submit panel.
 */
export function ReportNotices({ gacha }: { gacha: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const theme = useTheme()
  // Rendered by the server (and hydrated) as on a phone.
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true })
  const compact = useHydrated() ? narrow : true
  const [open, setOpen] = useState(!compact)
  const rules = noticeRules(gacha)
  return (
    <Alert severity="info" variant="outlined" data-testid="report-notices" data-open={open} sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <AlertTitle sx={{ mb: compact ? 0 : undefined }}>{t('report.notices.title')}</AlertTitle>
      {compact && (
        <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} data-testid="report-notices-toggle">
          {open ? t('report.notices.hide') : t('report.notices.show', { count: rules.length })}
        </Button>
      )}
      <Collapse in={open} id={id}>
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {rules.map((r) => (
            <li key={r}>{t(`report.notices.${r}`)}</li>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('report.usage')}
        </Typography>
      </Collapse>
    </Alert>
  )
}

/** Blocks a stage that cannot be reported and says why (spec 001 §4; opacity 0.75 as the public client). */
export function ClosedOverlay({ reason, server }: { reason: ClosedReason; server: string }) {
  const { t } = useTranslation()
  return (
    <Box
      role="alert"
      data-testid="report-closed"
      data-reason={reason}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        borderRadius: 1,
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.75)' : 'rgba(255,255,255,0.75)'),
        backdropFilter: 'blur(2px)',
      }}
    >
      <Paper elevation={4} sx={{ p: 3, maxWidth: 420, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('report.closed.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t(`report.closed.${reason}`, { server: t(`server.servers.${server as 'CN'}`) })}
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.reportByZone.href()}>
          {t('report.closed.back')}
        </Button>
      </Paper>
    </Box>
  )
}

export interface FailureState {
  kind: SubmitFailure
  message: string
}

export function SubmitFailureAlert({ failure, onRetry }: { failure: FailureState; onRetry: () => void }) {
  const { t } = useTranslation()
  const advice = ['network', 'limit', 'sharedIp', 'clock'] as const
  return (
    <Alert
      severity="error"
      data-testid="report-failure"
      data-kind={failure.kind}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('report.failed.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('report.failed.title')}</AlertTitle>
      <Typography variant="body2">
        {failure.kind === 'network'
          ? t('network.error')
          : failure.kind === 'rateLimited'
            ? t('report.failed.rateLimited')
            : t('report.failed.detail', { message: failure.message })}
      </Typography>
      {failure.kind !== 'rejected' && failure.kind !== 'server' && failure.message && (
        <Typography variant="caption" component="p" color="text.secondary">
          {t('report.failed.detail', { message: failure.message })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('report.failed.adviceTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {advice.map((a) => (
          <li key={a}>
            <Typography variant="body2">{t(`report.failed.advice.${a}`)}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  )
}

/**
 * In place of the form for a stage that is never reported on this site (recruitment): says so and
 * links to the stage's statistics, where its numbers are.
 */
export function NotReportableHere({ zoneId, stageId }: { zoneId: string; stageId: string }) {
  const { t } = useTranslation()
  return (
    <Alert severity="info" data-testid="report-not-here" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <AlertTitle component="h1" sx={{ fontSize: '1.25rem' }}>
        {t('report.notHere.title')}
      </AlertTitle>
      <Typography sx={{ mb: 2 }}>{t('report.notHere.recruit')}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={paths.statsByStageSelected.href(zoneId, stageId)} data-testid="report-not-here-stats">
          {t('report.notHere.stats')}
        </Button>
        <Button component={RouterLink} to={paths.reportByZone.href()}>
          {t('report.closed.back')}
        </Button>
      </Stack>
    </Alert>
  )
}
