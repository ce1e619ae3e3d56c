import Rule from '@mui/icons-material/Rule'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { precheckSubmit, reportClosedReason, validateReport } from '@dropwise/report'
import type { Item, Stage, Zone } from '@dropwise/schemas'
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { retryFailed, useDataset } from '../../lib/data'
import { formatDate } from '../../lib/format'
import { useHydrated } from '../../lib/hydration'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { recordStageHistory } from '../../components/stage-selector/preferences'
import { DropCategoryCard, ReportStageHeader } from './report-form-parts'
import {
  adjustQuantity,
  classifySubmitError,
  dropCategories,
  hasFurniture,
  isRecruitment,
  reportBody,
  SPECIAL_SIDE_STORY_ZONE,
  stageHasFurniture,
  withFurniture,
  type DraftDrop,
} from './report-draft'
import { ClosedOverlay, NotReportableHere, ReportNotices, SubmitFailureAlert, type FailureState } from './report-parts'
import { postReport, showSuccessBar } from './report-submit'
import { SpecialStageDialog, useSpecialDialogRead } from './special-stage-dialog'
import { formatRate, levelColor, RepeatConfirmDialog, RulesDialog, WarningDialog } from './validation-dialogs'

type Dialog = null | { kind: 'warning'; cause: 'limitation' | 'noDrop' } | { kind: 'repeat' } | { kind: 'rules' } | { kind: 'special' }

/** The report form of one stage (`/report/stage/:zoneId/:stageId`). */
export function ReportForm({ zoneId, stageId }: { zoneId: string; stageId: string }) {
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const items = useDataset('items')
  // The lists arrive one by one, each a synchronous render of the whole form (a long task on a phone):
  // the form renders from a deferred copy instead, in slices that leave the main thread free.
  const lists = useDeferredValue({
    stages: stages.data,
    zones: zones.data,
    items: items.data,
    pending: stages.isPending || zones.isPending || items.isPending,
    error: stages.error ?? zones.error ?? items.error,
  })
  return <ReportFormBody zoneId={zoneId} stageId={stageId} lists={lists} />
}

interface Lists {
  stages: Stage[] | undefined
  zones: Zone[] | undefined
  items: Item[] | undefined
  pending: boolean
  error: Error | null
}

const ReportFormBody = memo(function ReportFormBody({ zoneId, stageId, lists }: { zoneId: string; stageId: string; lists: Lists }) {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const specialRead = useSpecialDialogRead()
  // A form the server rendered (app/page-seed.ts) shows before its code runs: until it has hydrated it
  // takes no taps (inert), rather than swallowing a drop the player thinks was counted.
  const hydrated = useHydrated()
  const [drops, setDrops] = useState<DraftDrop[]>([])
  const [dialog, setDialog] = useState<Dialog>(null)
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<FailureState | null>(null)
  // Selecting another stage clears the results (spec 001 §4): the draft belongs to one stage.
  const [draftOf, setDraftOf] = useState(`${zoneId}/${stageId}`)
  if (draftOf !== `${zoneId}/${stageId}`) {
    setDraftOf(`${zoneId}/${stageId}`)
    setDrops([])
    setFailure(null)
  }

  const itemsById = useMemo(() => new Map((lists.items ?? []).map((i) => [i.itemId, i] as const)), [lists.items])
  const stage: Stage | undefined = useMemo(() => lists.stages?.find((s) => s.stageId === stageId), [lists.stages, stageId])
  const zone: Zone | undefined = useMemo(() => lists.zones?.find((z) => z.zoneId === zoneId), [lists.zones, zoneId])
  const itemName = (id: string) => {
    const item = itemsById.get(id)
    return item ? localized(item.name_i18n, item.name, i18n.language) : id
  }
  const result = useMemo(() => validateReport(drops, stage?.dropInfos ?? []), [drops, stage])

  const ready = lists.stages !== undefined && lists.zones !== undefined && lists.items !== undefined
  const recruit = isRecruitment(zone, stageId)
  const closed = ready ? reportClosedReason(zone, stage, server, Date.now()) : null
  // Entering the form of a reportable stage puts it in the selector's history.
  useEffect(() => {
    if (ready && closed === null && !recruit) recordStageHistory(zoneId, stageId)
  }, [ready, closed, recruit, zoneId, stageId])

  const loading = lists.pending
  const loadError = lists.error
  if (loadError && (!lists.stages || !lists.zones || !lists.items))
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void retryFailed()}>
            {t('fetch.failed.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('fetch.failed.title')}</AlertTitle>
        {loadError.message}
      </Alert>
    )
  if (loading)
    return (
      <Stack spacing={2} role="status" aria-busy="true">
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    )

  // Typed or bookmarked, a recruitment report URL gets no form (issue 17 §12).
  if (recruit) return <NotReportableHere zoneId={zone?.zoneId ?? zoneId} stageId={stageId} />

  const gacha = stage?.isGacha === true
  const categories = stage ? dropCategories(stage, itemsById) : []
  const stageLabel = stage ? localized(stage.code_i18n, stage.code, i18n.language) : stageId
  const zoneLabel = zone ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : zoneId
  const closeTime = zone?.type === 'ACTIVITY' ? zone.existence[server]?.closeTime : undefined
  const special = zoneId === SPECIAL_SIDE_STORY_ZONE
  const busy = submitting || closed !== null
  const selectedCount = drops.filter((d) => d.dropType !== 'FURNITURE').length

  const change = (next: DraftDrop[]) => {
    setDrops(next)
    setFailure(null)
    if (special && !specialRead) setDialog({ kind: 'special' })
  }

  const submit = async () => {
    if (!stage) return
    setDialog(null)
    setSubmitting(true)
    setFailure(null)
    try {
      const submitted = await postReport(reportBody(stage.stageId, server, drops, env.appVersion))
      setDrops([])
      showSuccessBar(submitted)
    } catch (err) {
      const kind = classifySubmitError(err)
      setFailure({ kind, message: err instanceof Error ? err.message : String(err) })
      snackbar.show(kind === 'network' ? t('network.error') : t('report.failed.title'), { severity: 'error' })
    } finally {
      setSubmitting(false)
    }
  }

  const onSubmit = () => {
    if (!stage || busy) return
    const decision = precheckSubmit(stage, drops, result)
    if (decision.action === 'confirm') setDialog({ kind: 'warning', cause: decision.cause })
    else void submit()
  }

  const actions = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        variant="outlined"
        disabled={busy || drops.length === 0}
        onClick={() => {
          setDrops([])
          setFailure(null)
        }}
        data-testid="report-clear"
      >
        {t('report.clear')}
      </Button>
      <Button
        variant="contained"
        disabled={busy}
        onClick={onSubmit}
        data-testid="report-submit"
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        aria-busy={submitting}
      >
        {submitting ? t('report.submitting') : t('report.submit', { server: t(`server.servers.${server}`) })}
      </Button>
    </Stack>
  )

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="report-page" inert={!hydrated} aria-busy={!hydrated || undefined}>
      <ReportStageHeader zoneLabel={zoneLabel} stageLabel={stageLabel} statsHref={stage && zone ? paths.statsByStageSelected.href(zone.zoneId, stage.stageId) : null} />

      <ReportNotices gacha={gacha} />
      {closed === null && closeTime != null && <Alert severity="warning">{t('report.limited', { date: formatDate(closeTime, { time: true }) })}</Alert>}
      {closed === null && gacha && (
        <Alert severity="info" data-testid="report-gacha">
          {t('report.gacha')}
        </Alert>
      )}
      {closed === null && special && <Alert severity="warning">{t('report.special.alert')}</Alert>}

      <Box sx={{ position: 'relative', minHeight: closed ? 240 : undefined }}>
        {closed && <ClosedOverlay reason={closed} server={server} />}
        <Stack spacing={2} inert={closed !== null} aria-hidden={closed !== null || undefined}>
          {categories.map((cat) => (
            <DropCategoryCard
              key={cat.dropType}
              category={cat}
              drops={drops}
              stage={stage}
              disabled={busy}
              onChange={(itemId, delta) => change(adjustQuantity(drops, cat.dropType, itemId, delta))}
            />
          ))}

          {failure && <SubmitFailureAlert failure={failure} onRetry={() => void submit()} />}

          {/*
            On phones the actions stay in reach at the bottom while the grid scrolls. The panel is kept
            to two short rows (the failure details sit above it, in the flow) so it never hides a card.
          */}
          <Card sx={{ position: { xs: 'sticky', md: 'static' }, bottom: 0, zIndex: 1 }} elevation={3} data-testid="report-panel">
            <CardContent sx={{ p: { xs: 1.5, md: 2 }, '&:last-child': { pb: { xs: 1.5, md: 2 } } }}>
              <Stack spacing={{ xs: 1, md: 2 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  {stage && stageHasFurniture(stage) && (
                    <FormControlLabel
                      sx={{ mr: 1 }}
                      control={
                        <Switch
                          checked={hasFurniture(drops)}
                          disabled={busy}
                          onChange={(e) => change(withFurniture(drops, e.target.checked))}
                          data-testid="report-furniture"
                        />
                      }
                      label={t('report.furniture')}
                    />
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {t('report.selected', { count: selectedCount })}
                  </Typography>
                  {!gacha && drops.length > 0 && (
                    <Chip
                      size="small"
                      color={levelColor(result.level)}
                      data-testid="report-level"
                      data-level={result.level}
                      data-rate={result.totalRate}
                      label={`${t(`report.validation.level.${result.level}`)}${result.violations.length ? ` · ${t('report.validation.total', { rate: formatRate(result.totalRate, i18n.language) })}` : ''}`}
                    />
                  )}
                  <Button size="small" startIcon={<Rule />} onClick={() => setDialog({ kind: 'rules' })} data-testid="report-rules-open">
                    {t('report.validation.open')}
                  </Button>
                </Stack>
                {actions}
              </Stack>
            </CardContent>
          </Card>
        </Stack>
      </Box>

      {dialog?.kind === 'warning' && (
        <WarningDialog open cause={dialog.cause} result={result} itemName={itemName} onCancel={() => setDialog(null)} onContinue={() => setDialog({ kind: 'repeat' })} />
      )}
      <RepeatConfirmDialog open={dialog?.kind === 'repeat'} onCancel={() => setDialog(null)} onConfirm={() => void submit()} />
      <RulesDialog
        open={dialog?.kind === 'rules'}
        title={t('report.validation.title', { stage: stageLabel })}
        dropInfos={stage?.dropInfos ?? []}
        drops={drops}
        itemName={itemName}
        onClose={() => setDialog(null)}
      />
      <SpecialStageDialog open={dialog?.kind === 'special'} onClose={() => setDialog(null)} />
    </Stack>
  )
})
