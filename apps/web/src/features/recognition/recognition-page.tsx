import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Switch from '@mui/material/Switch'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { Item } from '@dropwise/schemas'
import { useEffect, useMemo, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useBlocker } from '../../lib/history'
import { confirm } from '../../components/feedback/confirm-store'
import { ItemIcon } from '../../components/item-icon'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { prefetchDataset, useDataset } from '../../lib/data'
import { readConfigAssets } from '../../lib/assets'
import { formatPercent } from '../../lib/format'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { assetView, type AssetView } from './asset-state'
import { DefectDialog } from './defect-dialog'
import { field, newSessionId } from './defect'
import { EvidenceOverlay } from './evidence-overlay'
import { readPackUrl, summarize, toBatchEntry, type Outcome } from './logic'
import type { JudgedImage } from './model'
import { ResultCard, STATUS_KEYS } from './result-card'
import { useAssetStatus } from './use-asset-status'
import { usePack, useRecognitionSession, type PackState } from './use-recognition'

const STEP_KEYS = ['recognition.steps.select', 'recognition.steps.recognize', 'recognition.steps.confirm', 'recognition.steps.report'] as const
const SHOWN_CHIPS = 8

/** The server is downloading the game resources: how far, and that the page goes on by itself. */
function Preparing({ view }: { view: Extract<AssetView, { kind: 'preparing' }> }) {
  const { t, i18n } = useTranslation()
  const { fraction } = view
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="recognition-preparing">
      <Typography variant="body1" role="status" sx={{ fontWeight: 500 }}>
        {fraction === null ? t('recognition.assets.preparingStart') : t('recognition.assets.preparing', { percent: formatPercent(fraction, i18n.language, 0) })}
      </Typography>
      <LinearProgress
        variant={fraction === null ? 'indeterminate' : 'determinate'}
        value={fraction === null ? undefined : fraction * 100}
        aria-label={t('recognition.assets.progressLabel')}
        data-testid="recognition-preparing-progress"
        sx={{ my: 1.5 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('recognition.assets.preparingNote')}
      </Typography>
      <Button size="small" component={Link} to={paths.reportByZone.href()} sx={{ mt: 1 }}>
        {t('recognition.unavailable.manual')}
      </Button>
    </Paper>
  )
}

function Unavailable({
  state,
  view,
  onRetry,
  onRetryAssets,
  retrying,
  server,
}: {
  state: PackState
  view: AssetView
  onRetry: () => void
  onRetryAssets: () => void
  retrying: boolean
  server: string
}) {
  const { t } = useTranslation()
  // Without a pack the reason is the server's resources: downloading failed, switched off, or none at all.
  const assets = state.kind === 'none' ? view.kind : null
  const text =
    assets === 'unavailable'
      ? t('recognition.unavailable.download')
      : assets === 'off'
        ? t('recognition.unavailable.off')
        : state.kind === 'none'
          ? t('recognition.unavailable.noPack')
          : state.kind === 'unsupported'
            ? t('recognition.unavailable.noWorker')
            : state.kind === 'failed'
              ? t('recognition.unavailable.loadFailed', { message: state.message })
              : t('recognition.unavailable.noServer', { server })
  const reason = view.kind === 'unavailable' ? view.reason : null
  // The buttons under the text, not in the alert's action slot: on a phone that slot squeezes the text.
  return (
    <Alert severity={state.kind === 'failed' ? 'error' : 'info'} data-testid="recognition-unavailable" data-state={assets ?? state.kind}>
      <AlertTitle>{t('recognition.unavailable.title')}</AlertTitle>
      {text}
      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
        {(state.kind === 'failed' || assets === 'unavailable') && (
          <Button color="inherit" variant="outlined" size="small" onClick={assets === 'unavailable' ? onRetryAssets : onRetry} disabled={retrying} data-testid="recognition-retry">
            {t('recognition.unavailable.retry')}
          </Button>
        )}
        <Button color="inherit" size="small" component={Link} to={paths.reportByZone.href()}>
          {t('recognition.unavailable.manual')}
        </Button>
      </Stack>
      {assets !== null && (
        <Typography variant="caption" component="p" sx={{ mt: 1.5, opacity: 0.85, overflowWrap: 'anywhere' }} data-testid="recognition-operator-hint">
          {reason !== null && (
            <>
              {t('recognition.unavailable.reason', { reason })}
              <br />
            </>
          )}
          {t('recognition.unavailable.operators')}
        </Typography>
      )}
    </Alert>
  )
}

export function RecognitionReport() {
  const { t, i18n } = useTranslation()
  const { server } = useDataSource()
  const config = useDataset('config')
  const stages = useDataset('stages')
  const itemsQuery = useDataset('items')
  // The pack address can change with the operator's settings: ask the server again on every visit.
  const [configChecked, setConfigChecked] = useState(false)
  useEffect(() => {
    let live = true
    void prefetchDataset('config', true)
      .catch(() => undefined)
      .finally(() => live && setConfigChecked(true))
    return () => {
      live = false
    }
  }, [])
  const configPackUrl = config.data ? readPackUrl(config.data, window.location.href) : null
  // Without an operator's pack, the live download state (the stored /config may be an hour old).
  const announced = readConfigAssets(config.data).announced
  const assets = useAssetStatus(configPackUrl === null && announced)
  const view = assetView({ configPackUrl, announced, status: assets.status, error: assets.error, base: window.location.href })
  const packUrl = view.kind === 'pack' ? view.packUrl : null
  const [wanted, setWanted] = useState(false)
  const { state: pack, engineRef, retry } = usePack(packUrl, wanted)
  const session = useRecognitionSession(engineRef, packUrl, server, stages.data)
  const [sessionId] = useState(newSessionId)
  const [filter, setFilter] = useState<Outcome | 'all'>('all')
  const [showBoxes, setShowBoxes] = useState(true)
  const [opened, setOpened] = useState<number | null>(null)
  const [defectFor, setDefectFor] = useState<number | null>(null)
  const [confirmed, setConfirmed] = useState(false)
  const [dragging, setDragging] = useState(false)
  const [now, setNow] = useState(Date.now())

  const items = useMemo(() => new Map<string, Item>((itemsQuery.data ?? []).map((it) => [it.itemId, it])), [itemsQuery.data])
  const { images } = session
  const total = images.length
  const recognised = images.filter((im) => im.result !== null || im.failure !== null).length
  const anyResults = recognised > 0
  const step = session.uploadResult || confirmed ? 3 : !anyResults && !session.running ? 0 : session.running ? 1 : 2
  const selected = images.filter((im) => im.selected)
  const pendingSubmission = selected.some((im) => !im.submitted) && !session.uploadResult

  // Timer for the progress line while recognition runs.
  useEffect(() => {
    if (!session.running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [session.running])

  // Leave guard: results not submitted yet.
  useEffect(() => {
    if (!anyResults || !pendingSubmission) return
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
    }
    window.addEventListener('beforeunload', onUnload)
    return () => window.removeEventListener('beforeunload', onUnload)
  }, [anyResults, pendingSubmission])

  // The same inside the app: leaving the page asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyResults && pendingSubmission && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    void confirm({
      title: t('recognition.leave.title'),
      message: t('recognition.leave.message'),
      confirmText: t('recognition.leave.confirm'),
      cancelText: t('recognition.leave.cancel'),
      color: 'warning',
    }).then((ok) => (ok ? blocker.proceed() : blocker.reset()))
  }, [blocker, t])

  const itemName = (id: string) => {
    const it = items.get(id)
    return it ? localized(it.name_i18n, it.name, i18n.language) : id
  }

  if (config.isPending || (configPackUrl === null && !configChecked) || view.kind === 'checking') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('recognition.loadingPack')} />
      </Box>
    )
  }

  const packServerMissing = pack.kind === 'ready' && !pack.info.servers.includes(server)
  const available = pack.kind === 'idle' || pack.kind === 'loading' || (pack.kind === 'ready' && !packServerMissing)
  const addFiles = (files: File[]) => {
    setWanted(true)
    session.addFiles(files)
  }

  const counts = { success: 0, warning: 0, error: 0 }
  for (const im of images) if (im.result || im.failure) counts[im.outcome]++
  const times = images.flatMap((im) => (im.ms === null ? [] : [im.ms]))
  const avgMs = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0
  const elapsed = session.startedAt ? ((session.running ? now : (session.finishedAt ?? now)) - session.startedAt) / 1000 : 0
  const rate = elapsed > 0 ? recognised / elapsed : 0
  const remaining = Math.round((total - recognised) / (rate || 1))
  const percent = total ? Math.round((recognised / total) * 100) : 0
  const shown = images.filter((im) => filter === 'all' || ((im.result || im.failure) && im.outcome === filter))

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (!session.running) addFiles([...e.dataTransfer.files])
  }

  const summary = summarize(
    selected.flatMap((im) => {
      const entry = im.result ? toBatchEntry(im.result, im.file) : null
      return entry && im.result?.stage ? [{ code: im.result.stage.code, stageId: entry.stageId, drops: entry.drops }] : []
    }),
  )
  const openedImage = images.find((im) => im.id === opened) ?? null
  const defectImage: JudgedImage | null = images.find((im) => im.id === defectFor) ?? null
  const environment = {
    frontendVersion: field(env.appVersion),
    frontendCommit: field(env.commit),
    recognizerVersion: field('dropwise-recognizer-1'),
    recognizerOpenCVVersion: field('none'),
    recognizerAssetsVersion: field(pack.kind === 'ready' ? pack.info.tag : 'unloaded'),
    server,
    sessionId,
  }
  const upload = session.uploadResult

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }} data-testid="recognition-page">
      <Typography variant="h4" component="h1">
        {t('menu.recognition')}
      </Typography>
      <Typography variant="body1">{t('recognition.intro')}</Typography>

      {view.kind === 'preparing' && pack.kind === 'none' ? (
        <Preparing view={view} />
      ) : !available ? (
        <Unavailable
          state={packServerMissing ? { kind: 'failed', message: '' } : pack}
          view={view}
          onRetry={retry}
          onRetryAssets={assets.retry}
          retrying={assets.retrying}
          server={t(`server.servers.${server}`)}
        />
      ) : (
        <>
          <Stepper activeStep={step} alternativeLabel aria-label={t('recognition.steps.label')} data-testid="recognition-stepper" data-step={step}>
            {STEP_KEYS.map((k) => (
              <Step key={k}>
                <StepLabel>{t(k)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography variant="caption" color="text.secondary" role="status">
            {pack.kind === 'loading' ? t('recognition.loadingPack') : pack.kind === 'ready' ? t('recognition.packReady', { templates: pack.info.templates }) : ''}
          </Typography>

          {step === 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                {t('recognition.notices.title')}
              </Typography>
              <Box component="ul" sx={{ mt: 1, pl: 3 }}>
                <li>{t('recognition.notices.items.one')}</li>
                <li>{t('recognition.notices.items.recent')}</li>
                <li>{t('recognition.notices.items.whole')}</li>
                <li>{t('recognition.notices.items.local')}</li>
              </Box>
              <Box
                onDragOver={(e) => {
                  e.preventDefault()
                  setDragging(true)
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center' }}
              >
                <Button variant="contained" component="label">
                  {t('recognition.select.choose')}
                  <input
                    hidden
                    type="file"
                    multiple
                    accept="image/*"
                    aria-label={t('recognition.select.inputLabel')}
                    data-testid="recognition-file-input"
                    onChange={(e) => {
                      addFiles([...(e.target.files ?? [])])
                      e.target.value = ''
                    }}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('recognition.select.drop')}
                </Typography>
              </Box>
              {session.refused.length > 0 && (
                <Alert severity="warning" sx={{ mt: 2 }} data-testid="recognition-refused">
                  <AlertTitle>{t('recognition.select.refusedTitle', { count: session.refused.length })}</AlertTitle>
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {session.refused.map((r, i) => (
                      <li key={i}>
                        {r.reason === 'notImage'
                          ? t('recognition.select.refused.notImage', { name: r.name })
                          : r.reason === 'tooBig'
                            ? t('recognition.select.refused.tooBig', { name: r.name, size: r.sizeMb.toFixed(1) })
                            : t('recognition.select.refused.tooOld', { name: r.name, hours: r.ageHours })}
                      </li>
                    ))}
                  </Box>
                </Alert>
              )}
              <Typography variant="body2" sx={{ mt: 2 }} role="status">
                {total ? t('recognition.select.selected', { count: total }) : t('recognition.select.none')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {images.slice(0, SHOWN_CHIPS).map((im) => (
                  <Chip key={im.id} label={im.file.name} size="small" />
                ))}
                {total > SHOWN_CHIPS && <Chip size="small" label={t('recognition.select.more', { count: total - SHOWN_CHIPS })} />}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Button onClick={session.clearFiles} disabled={total === 0}>
                  {t('recognition.select.clear')}
                </Button>
                <Button variant="contained" onClick={() => void session.run()} disabled={total === 0 || pack.kind !== 'ready'} data-testid="recognition-start">
                  {t('recognition.select.start', { count: total })}
                </Button>
              </Stack>
            </Paper>
          )}

          {(step === 1 || (step === 2 && session.stopped)) && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <LinearProgress variant="determinate" value={percent} aria-label={t('recognition.progress.label')} />
              <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mt: 1, gap: 1 }}>
                <Typography variant="body2" role="status" data-testid="recognition-progress">
                  {t('recognition.progress.count', { done: recognised, total, percent })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('recognition.progress.timing', { elapsed: Math.round(elapsed), rate: rate.toFixed(1), remaining })}
                </Typography>
              </Stack>
              {session.running && (
                <Button size="small" onClick={session.stop} sx={{ mt: 1 }}>
                  {t('recognition.progress.stop')}
                </Button>
              )}
              {session.stopped && !session.running && <Alert severity="info">{t('recognition.progress.stopped', { done: recognised, total })}</Alert>}
            </Paper>
          )}

          {anyResults && step < 3 && (
            <>
              <Paper variant="outlined" sx={{ p: 2 }} data-testid="recognition-overview">
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1, m: 0 }}>
                  {(
                    [
                      ['recognition.overview.total', String(total)],
                      ['recognition.overview.success', String(counts.success)],
                      ['recognition.overview.warning', String(counts.warning)],
                      ['recognition.overview.error', String(counts.error)],
                      ['recognition.overview.server', t(`server.servers.${server}`)],
                      ['recognition.overview.average', t('recognition.overview.ms', { ms: avgMs.toFixed(2) })],
                    ] as const
                  ).map(([k, v]) => (
                    <Box key={k}>
                      <Typography component="dt" variant="caption" color="text.secondary">
                        {t(k)}
                      </Typography>
                      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                        {v}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Paper>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <ToggleButtonGroup
                  size="small"
                  sx={{
                    flexWrap: 'wrap',
                    '& .MuiToggleButton-root': { color: 'text.primary' },
                    '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': { color: 'primary.contrastText', bgcolor: 'primary.main' },
                  }}
                  exclusive
                  value={filter} onChange={(_e, v: Outcome | 'all' | null) => v && setFilter(v)} aria-label={t('recognition.filter.label')}>
                  <ToggleButton value="all">{t('recognition.filter.all', { count: total })}</ToggleButton>
                  <ToggleButton value="success">{t('recognition.filter.success', { count: counts.success })}</ToggleButton>
                  <ToggleButton value="warning">{t('recognition.filter.warning', { count: counts.warning })}</ToggleButton>
                  <ToggleButton value="error">{t('recognition.filter.error', { count: counts.error })}</ToggleButton>
                </ToggleButtonGroup>
                <FormControlLabel control={<Switch checked={showBoxes} onChange={(e) => setShowBoxes(e.target.checked)} />} label={t('recognition.overlay.show')} />
              </Stack>
              <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
                {shown.map((im) =>
                  im.result || im.failure ? (
                    <ResultCard
                      key={im.id}
                      image={im}
                      items={items}
                      showBoxes={showBoxes}
                      onToggle={session.decide}
                      onOpen={setOpened}
                      onDefect={setDefectFor}
                      locked={session.upload !== null}
                    />
                  ) : (
                    <Paper key={im.id} variant="outlined" sx={{ p: 2 }} data-testid="recognition-pending">
                      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                        {im.file.name}
                      </Typography>
                      <Chip size="small" sx={{ mt: 1 }} label={t(STATUS_KEYS[im.status])} />
                    </Paper>
                  ),
                )}
              </Box>
              {step === 2 && (
                <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, position: { xs: 'static', sm: 'sticky' }, bottom: 8, zIndex: 1 }}>
                  <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
                    <Button onClick={() => session.decideAll(null)}>{t('recognition.confirm.selectSuccessful')}</Button>
                    <Button onClick={() => session.decideAll(false)}>{t('recognition.confirm.selectNone')}</Button>
                    <Button onClick={session.reset}>{t('recognition.report.again')}</Button>
                    <Button variant="contained" disabled={selected.length === 0} onClick={() => setConfirmed(true)} data-testid="recognition-confirm">
                      {t('recognition.confirm.next', { count: selected.length })}
                    </Button>
                  </Stack>
                  {selected.length === 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t('recognition.confirm.nothingSelected')}
                    </Typography>
                  )}
                </Paper>
              )}
            </>
          )}

          {step === 3 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                {t('recognition.report.summary')}
              </Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="recognition-summary">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('recognition.report.stage')}</TableCell>
                      <TableCell align="right">{t('recognition.report.times')}</TableCell>
                      <TableCell>{t('recognition.report.items')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {summary.map((s) => (
                      <TableRow key={s.stageId}>
                        <TableCell>{s.code}</TableCell>
                        <TableCell align="right">{s.times}</TableCell>
                        <TableCell>
                          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                            {s.items.map((it) => {
                              const item = items.get(it.itemId)
                              return (
                                <Stack key={it.itemId} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                                  {item && <ItemIcon item={item} size={24} />}
                                  <Typography variant="body2">
                                    {item ? itemName(it.itemId) : it.itemId === 'furni' ? t('recognition.dropTypes.FURNITURE') : it.itemId} ×{it.quantity}
                                  </Typography>
                                </Stack>
                              )
                            })}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell>
                        <strong>{t('recognition.report.total')}</strong>
                      </TableCell>
                      <TableCell align="right">
                        <strong>{summary.reduce((a, s) => a + s.times, 0)}</strong>
                      </TableCell>
                      <TableCell />
                    </TableRow>
                  </TableBody>
                </Table>
              </Box>

              {session.upload && (
                <Box sx={{ mt: 2 }}>
                  <LinearProgress
                    variant="determinate"
                    value={session.upload.total ? (session.upload.done / session.upload.total) * 100 : 0}
                    aria-label={t('recognition.report.submitting', session.upload)}
                  />
                  <Typography variant="body2" role="status">
                    {t('recognition.report.submitting', session.upload)}
                  </Typography>
                </Box>
              )}

              {upload && (
                <Box sx={{ mt: 2 }} data-testid="recognition-upload-result">
                  {upload.rejected.length === 0 && upload.failed.length === 0 ? (
                    <Alert severity="success">{t('recognition.report.done', { count: upload.stored.length })}</Alert>
                  ) : (
                    <Alert severity={upload.stored.length ? 'warning' : 'error'}>
                      <AlertTitle>
                        {t('recognition.report.partial', {
                          stored: upload.stored.length,
                          total: upload.stored.length + upload.rejected.length + upload.failed.reduce((a, f) => a + f.entries.length, 0),
                        })}
                      </AlertTitle>
                      {upload.rejected.map((r, i) => (
                        <Typography key={i} variant="body2">
                          {t('recognition.report.rejected', { name: r.entry.entry.metadata.fileName, message: r.message })}
                        </Typography>
                      ))}
                      {upload.failed.length > 0 && (
                        <>
                          <Typography variant="body2" sx={{ mt: 1 }}>
                            {t('recognition.report.failedTitle', {
                              count: upload.failed.reduce((a, f) => a + f.entries.length, 0),
                              message: upload.failed[0]?.error.message ?? '',
                            })}
                          </Typography>
                          <Box component="ul" sx={{ m: 0, pl: 2 }}>
                            <li>{t('recognition.report.advice.network')}</li>
                            <li>{t('recognition.report.advice.limit')}</li>
                            <li>{t('recognition.report.advice.sharedIp')}</li>
                            <li>{t('recognition.report.advice.clock')}</li>
                          </Box>
                          <Button
                            sx={{ mt: 1 }}
                            variant="outlined"
                            color="inherit"
                            disabled={session.upload !== null}
                            onClick={() => void session.submit(upload.failed.flatMap((f) => f.entries))}
                          >
                            {t('recognition.report.retry')}
                          </Button>
                        </>
                      )}
                    </Alert>
                  )}
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                    {t('recognition.report.delay')}
                  </Typography>
                </Box>
              )}

              <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                {!upload && (
                  <Button onClick={() => setConfirmed(false)} disabled={session.upload !== null}>
                    {t('recognition.confirm.back')}
                  </Button>
                )}
                {upload ? (
                  <Button
                    variant="contained"
                    onClick={() => {
                      setConfirmed(false)
                      session.reset()
                    }}
                  >
                    {t('recognition.report.again')}
                  </Button>
                ) : (
                  <Button variant="contained" onClick={() => void session.submit()} disabled={session.upload !== null || selected.length === 0} data-testid="recognition-submit">
                    {t('recognition.report.submit', { count: selected.length })}
                  </Button>
                )}
              </Stack>
            </Paper>
          )}
        </>
      )}

      <Dialog open={openedImage !== null} onClose={() => setOpened(null)} fullWidth maxWidth="lg" aria-labelledby="recognition-image-title">
        <DialogTitle id="recognition-image-title" sx={{ wordBreak: 'break-all' }}>
          {openedImage?.file.name}
        </DialogTitle>
        <DialogContent>
          {openedImage && <EvidenceOverlay src={openedImage.url} alt={openedImage.file.name} result={openedImage.result} showBoxes={showBoxes} />}
          <Typography variant="caption" color="text.secondary">
            {t('recognition.overlay.legend')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpened(null)}>{t('recognition.overlay.close')}</Button>
        </DialogActions>
      </Dialog>
      <DefectDialog image={defectImage} environment={environment} onClose={() => setDefectFor(null)} />
    </Stack>
  )
}
