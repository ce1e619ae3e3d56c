/* The query builder of `/advanced` (advanced-page.tsx loads it once the lists it needs are in). */
import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import PlayArrow from '@mui/icons-material/PlayArrow'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { AdvancedResult } from '@dropwise/schemas'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiRequest } from '../../lib/api'
import { useAuth } from '../../lib/state-hooks'
import { useStepwise } from '../../lib/stepwise'
import { probe } from '../../lib/probe/probe'
import { ERROR_KEYS, problemText } from './labels'
import { EDITOR_PARTS, QueryEditor, type Catalog } from './query-editor'
import { QueryResult } from './query-results'
import {
  MAX_QUERIES,
  buildRequest,
  classifyError,
  copyDraft,
  draftProblem,
  readResults,
  toProbeQueries,
  type DraftProblem,
  type QueryDraft,
  type QueryErrorKind,
} from './query-model'
import { applyDraftPatch } from './trend-interval'

interface Outcome {
  queries: QueryDraft[]
  results: AdvancedResult[]
}

/**
 * The queries and results of this tab, kept in memory while the visitor browses other pages and
 * comes back through the same link (gone at reload, like the public client's session cache).
 */
let session: { presetKey: string; drafts: QueryDraft[]; active: number; outcome: Outcome | null } | null = null

export function QueryBuilder({ presetKey, catalog, initial }: { presetKey: string; catalog: Catalog; initial: QueryDraft[] }) {
  const { t } = useTranslation()
  const { username } = useAuth()
  const [restored] = useState(() => (session?.presetKey === presetKey ? session : null))
  const [drafts, setDrafts] = useState(restored?.drafts ?? initial)
  const [active, setActive] = useState(restored?.active ?? 0)
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<{ kind: QueryErrorKind; message: string } | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(restored?.outcome ?? null)
  const [fromSession, setFromSession] = useState(!!restored?.outcome)
  const nextKey = useRef(Math.max(0, ...drafts.map((d) => d.key)) + 1)
  useEffect(() => {
    session = { presetKey, drafts, active, outcome }
  }, [presetKey, drafts, active, outcome])
  const abort = useRef<AbortController | null>(null)
  const resultsRef = useRef<HTMLDivElement>(null)
  const itemsById = useMemo(() => new Map(catalog.items.map((i) => [i.itemId, i])), [catalog.items])
  // Drawn in steps, top to bottom (lib/stepwise.ts): the tabs, the editor row by row, then the rest. At
  // once, its first commit was one task of about 50 ms of CPU unthrottled (the styles of some 40 new
  // controls compiled and inserted, the tabs measured, the toggle groups' and fields' state).
  const step = useStepwise(EDITOR_PARTS + 2, 1)
  const editorParts = step - 1
  const whole = step === EDITOR_PARTS + 2

  // Logging out turns personal queries back to global (spec 001 §4 "Data source").
  useEffect(() => {
    if (!username) setDrafts((ds) => (ds.some((d) => d.isPersonal) ? ds.map((d) => ({ ...d, isPersonal: false })) : ds))
  }, [username])
  useEffect(() => () => abort.current?.abort(), [])

  const update = useCallback((key: number, patch: Partial<QueryDraft>) => {
    setDrafts((ds) => ds.map((d) => (d.key === key ? applyDraftPatch(d, patch, Date.now()) : d)))
  }, [])
  const editors = useMemo(() => new Map(drafts.map((d) => [d.key, (patch: Partial<QueryDraft>) => update(d.key, patch)])), [drafts, update])

  const now = Date.now()
  const problems: (DraftProblem | null)[] = drafts.map((d) => draftProblem(d, now, !!username))
  const ready = problems.every((p) => p === null)
  const current = drafts[Math.min(active, drafts.length - 1)] as QueryDraft
  const currentIndex = drafts.indexOf(current)

  const add = () => {
    if (drafts.length >= MAX_QUERIES) return
    setDrafts((ds) => [...ds, copyDraft(current, nextKey.current++)])
    setActive(drafts.length)
  }
  const remove = () => {
    if (drafts.length <= 1) return
    setDrafts((ds) => ds.filter((d) => d.key !== current.key))
    setActive(Math.max(0, currentIndex - 1))
  }

  const execute = async () => {
    if (!ready || running) return
    const queries = drafts.map((d) => ({ ...d, itemIds: [...d.itemIds] }))
    const controller = new AbortController()
    abort.current = controller
    setRunning(true)
    setError(null)
    // Executed queries go to the usage probe (spec 001 §4 "Advanced query").
    probe.executedAdvancedQuery(toProbeQueries(queries))
    try {
      const { text } = await apiRequest('/result/advanced', {
        method: 'POST',
        body: JSON.stringify(buildRequest(queries)),
        contentType: 'application/json',
        signal: controller.signal,
      })
      const results = readResults(text, queries.length)
      if (!results) throw new Error(t('advanced.errors.badAnswer'))
      setOutcome({ queries, results })
      setFromSession(false)
      requestAnimationFrame(() => resultsRef.current?.focus())
    } catch (err) {
      if (controller.signal.aborted) return
      const message = err instanceof Error ? err.message : String(err)
      setError({ kind: err instanceof ApiError ? classifyError(err.status, message) : 'other', message })
    } finally {
      if (abort.current === controller) abort.current = null
      setRunning(false)
    }
  }
  const cancel = () => {
    abort.current?.abort()
    abort.current = null
    setRunning(false)
  }

  return (
    <>
      <Card component="section" aria-label={t('advanced.queriesLabel')}>
        <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={currentIndex}
            onChange={(_e, v: number) => setActive(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('advanced.queriesLabel')}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {drafts.map((d, i) => (
              <Tab
                key={d.key}
                data-testid="advanced-query-tab"
                icon={problems[i] && problems[i].code !== 'noStage' ? <ErrorOutline color="error" fontSize="small" /> : undefined}
                iconPosition="end"
                label={i === 0 ? t('advanced.tabs.main') : t('advanced.tabs.comparison', { n: i })}
              />
            ))}
          </Tabs>
          <Button
            startIcon={<Add />}
            onClick={add}
            disabled={drafts.length >= MAX_QUERIES}
            sx={{ flexShrink: 0, mx: 1 }}
            data-testid="advanced-add"
            title={drafts.length >= MAX_QUERIES ? t('advanced.maxQueries', { max: MAX_QUERIES }) : t('advanced.addHint')}
          >
            {t('advanced.add')}
          </Button>
        </Box>
        {editorParts > 0 && (
          <CardContent>
            <QueryEditor
              key={current.key}
              draft={current}
              problem={problems[currentIndex] ?? null}
              catalog={catalog}
              onChange={editors.get(current.key) ?? (() => undefined)}
              parts={editorParts}
            />
            {problems[currentIndex] && problems[currentIndex].code !== 'noStage' && problems[currentIndex].code !== 'invalidRange' && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {problemText(t, problems[currentIndex])}
              </Alert>
            )}
          </CardContent>
        )}
        {whole && (
          <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
            <Button variant="contained" startIcon={<PlayArrow />} disabled={!ready || running} onClick={() => void execute()} data-testid="advanced-execute">
              {t('advanced.execute', { count: drafts.length })}
            </Button>
            {running && (
              <Button onClick={cancel} data-testid="advanced-cancel">
                {t('advanced.cancel')}
              </Button>
            )}
            <Button color="error" startIcon={<DeleteOutline />} onClick={remove} disabled={drafts.length <= 1} data-testid="advanced-remove">
              {t('advanced.remove')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {ready
                ? t('advanced.readyHint', { count: drafts.length, max: MAX_QUERIES })
                : t('advanced.notReady', {
                    queries: problems
                      .map((p, i) => (p ? (i === 0 ? t('advanced.tabs.main') : t('advanced.tabs.comparison', { n: i })) : null))
                      .filter(Boolean)
                      .join(', '),
                  })}
            </Typography>
          </CardActions>
        )}
        {running && (
          <Box role="status" sx={{ px: 2, pb: 2 }}>
            <LinearProgress aria-label={t('advanced.running', { count: drafts.length })} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('advanced.running', { count: drafts.length })}
            </Typography>
          </Box>
        )}
      </Card>

      {whole && error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)} data-testid="advanced-error">
          <AlertTitle>{t('advanced.errors.title')}</AlertTitle>
          {t(ERROR_KEYS[error.kind], { message: error.message })}
        </Alert>
      )}

      {whole && outcome && (
        <Stack spacing={2} ref={resultsRef} tabIndex={-1} component="section" aria-labelledby="advanced-results-title" sx={{ outline: 'none' }}>
          <Typography variant="h5" component="h2" id="advanced-results-title">
            {t('advanced.results.title')}
          </Typography>
          {fromSession && (
            <Typography variant="body2" color="text.secondary" data-testid="advanced-restored">
              {t('advanced.results.restored')}
            </Typography>
          )}
          {outcome.results.map((result, i) => {
            const query = outcome.queries[i]
            return query ? <QueryResult key={query.key} index={i} query={query} result={result} items={itemsById} /> : null
          })}
        </Stack>
      )}
    </>
  )
}
