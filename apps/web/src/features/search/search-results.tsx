import Layers from '@mui/icons-material/Layers'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Item, Stage } from '@dropwise/schemas'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
import { probe } from '../../lib/probe/probe'
import { itemDocuments, RESULT_ROW_HEIGHT, stageDocuments, zoneNames, type SearchResult } from '../../lib/search/search-documents'
import type { SearchEngine } from '../../lib/search/search-engine'

const ZONE_TYPE_KEYS: Record<
  string,
  | 'browse.zoneType.MAINLINE'
  | 'browse.zoneType.ACTIVITY'
  | 'browse.zoneType.ACTIVITY_PERMANENT'
  | 'browse.zoneType.WEEKLY'
  | 'browse.zoneType.GACHABOX'
  | 'browse.zoneType.RECRUIT'
> = {
  MAINLINE: 'browse.zoneType.MAINLINE',
  ACTIVITY: 'browse.zoneType.ACTIVITY',
  ACTIVITY_PERMANENT: 'browse.zoneType.ACTIVITY_PERMANENT',
  WEEKLY: 'browse.zoneType.WEEKLY',
  GACHABOX: 'browse.zoneType.GACHABOX',
  RECRUIT: 'browse.zoneType.RECRUIT',
}
/** Visible rows before the list scrolls. */
const VISIBLE_ROWS = 6

/** Builds the engine over the current datasets (rebuilt when the language, server or data change). */
function useSearchEngine() {
  const { i18n } = useTranslation()
  const { server } = useDataSource()
  const items = useDataset('items')
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const [engine, setEngine] = useState<{ engine: SearchEngine } | { error: unknown } | null>(null)
  useEffect(() => {
    if (!items.data || !stages.data || !zones.data) return
    let live = true
    const stageDocs = stageDocuments(stages.data, zones.data, i18n.language, server)
    const itemDocs = itemDocuments(items.data, i18n.language, server)
    import('../../lib/search/search-engine').then(
      (m) => live && setEngine({ engine: m.createSearchEngine(stageDocs, itemDocs) }),
      (error: unknown) => live && setEngine({ error }),
    )
    return () => {
      live = false
    }
  }, [items.data, stages.data, zones.data, i18n.language, server])
  return {
    engine,
    loading: items.isPending || stages.isPending || zones.isPending,
    failed: items.isError || stages.isError || zones.isError,
    items: items.data,
    stages: stages.data,
  }
}

/** The page a result opens, or null for an unknown type or an id the current data does not know. */
export const resultHref = (result: SearchResult, stageOf: ReadonlyMap<string, Stage>, itemOf: ReadonlyMap<string, Item>): string | null => {
  if (result.type === 'stages' && result.stageId) {
    const stage = stageOf.get(result.stageId)
    return stage ? paths.statsByStageSelected.href(stage.zoneId, stage.stageId) : null
  }
  if (result.type === 'items' && result.itemId && itemOf.has(result.itemId)) return paths.statsByItemSelected.href(result.itemId)
  return null
}

const idOf = (result: SearchResult) => (result.type === 'stages' ? { stageId: result.stageId } : { itemId: result.itemId })

/** Enter in the search box: the query it was pressed on; `n` tells two presses on one query apart. */
export interface SearchSubmit {
  query: string
  n: number
}

export function ResultCard({ result, query, position }: { result: SearchResult; query: string; position: number }) {
  const { t, i18n } = useTranslation()
  const items = useDataset('items')
  const stages = useDataset('stages')
  const zones = useDataset('zones')
  const names = useMemo(() => zoneNames(zones.data ?? [], i18n.language), [zones.data, i18n.language])
  const itemOf = useMemo(() => new Map((items.data ?? []).map((i) => [i.itemId, i] as const)), [items.data])
  const stageOf = useMemo(() => new Map((stages.data ?? []).map((s) => [s.stageId, s] as const)), [stages.data])

  let href: string | null = null
  let body: React.ReactNode
  if (result.type === 'stages' && result.stageId && stageOf.has(result.stageId)) {
    const stage = stageOf.get(result.stageId)!
    const zone = names.get(stage.zoneId)
    const typeKey = zone ? ZONE_TYPE_KEYS[zone.type] : undefined
    href = paths.statsByStageSelected.href(stage.zoneId, stage.stageId)
    body = (
      <>
        <Box sx={{ width: 56, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
          <Layers color="primary" fontSize="large" aria-hidden />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="span" sx={{ display: 'block' }} noWrap>
            {localized(stage.code_i18n, stage.code, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {zone?.name ?? stage.zoneId}
          </Typography>
          <Chip size="small" label={typeKey ? t(typeKey) : t('browse.search.stage')} sx={{ mt: 0.5 }} />
        </Box>
      </>
    )
  } else if (result.type === 'items' && result.itemId && itemOf.has(result.itemId)) {
    const item: Item = itemOf.get(result.itemId)!
    href = paths.statsByItemSelected.href(item.itemId)
    body = (
      <>
        <Box sx={{ width: 56, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
          <ItemIcon item={item} size={48} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="span" sx={{ display: 'block' }} noWrap>
            {localized(item.name_i18n, item.name, i18n.language)}
          </Typography>
          <Chip size="small" label={t('browse.search.item')} sx={{ mt: 0.5 }} />
        </Box>
      </>
    )
  }

  if (!href) {
    // An unknown type (or an id the current data does not know): a plain text fallback, no link.
    return (
      <Card variant="outlined" sx={{ height: RESULT_ROW_HEIGHT - 8, display: 'flex', alignItems: 'center', px: 2 }} data-testid="search-result-fallback">
        <Typography color="text.secondary">
          {result.type === 'stages' || result.type === 'items'
            ? t('browse.search.missing', { id: result.stageId ?? result.itemId ?? '' })
            : t('browse.search.unknownType', { type: result.type })}
        </Typography>
      </Card>
    )
  }
  return (
    <Card variant="outlined" sx={{ height: RESULT_ROW_HEIGHT - 8 }}>
      <CardActionArea
        component={Link}
        to={href}
        onClick={() => probe.enteredSearchResult({ ...idOf(result), query, position })}
        sx={{ height: '100%', display: 'flex', justifyContent: 'flex-start', gap: 2, px: 1.5 }}
        data-testid="search-result"
      >
        {body}
      </CardActionArea>
    </Card>
  )
}

/** Nothing relevant: says so, and where to look instead (issue 38). */
function NoResults({ query }: { query: string }) {
  const { t } = useTranslation()
  return (
    <Stack spacing={1} data-testid="search-empty">
      <Typography role="status" data-testid="search-count">
        {t('browse.search.empty', { query })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('browse.search.emptyNext')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={Link} to={paths.statsByItem.href()} variant="outlined" size="small">
          {t('browse.search.allItems')}
        </Button>
        <Button component={Link} to={paths.statsByStage.href()} variant="outlined" size="small">
          {t('browse.search.allStages')}
        </Button>
      </Stack>
    </Stack>
  )
}

/**
 * The results of `query` in a virtual list (row height 103 px). `submitted` (Enter in the box) opens
 * the first result of the query it was pressed on, once the engine is ready; `onSubmitted` is told it was handled.
 */
export function SearchResults({ query, submitted = null, onSubmitted }: { query: string; submitted?: SearchSubmit | null; onSubmitted?: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { engine, loading, failed, items, stages } = useSearchEngine()
  const search = engine && 'engine' in engine ? engine.engine : null
  const results = useMemo(() => (search ? search.search(query) : []), [search, query])
  useEffect(() => {
    if (!submitted || !search || !items || !stages) return
    const first = search.search(submitted.query)[0]
    const href = first ? resultHref(first, new Map(stages.map((s) => [s.stageId, s])), new Map(items.map((i) => [i.itemId, i]))) : null
    onSubmitted?.()
    if (!first || !href) return
    probe.enteredSearchResult({ ...idOf(first), query: submitted.query, position: 0 })
    void navigate(href)
  }, [submitted, search, items, stages, navigate, onSubmitted])
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => RESULT_ROW_HEIGHT,
    overscan: 4,
    initialRect: { width: 0, height: RESULT_ROW_HEIGHT * VISIBLE_ROWS },
  })

  if (failed || (engine && 'error' in engine)) return <Alert severity="error">{t('browse.search.failed')}</Alert>
  if (loading || !engine) return <LinearProgress aria-label={t('browse.search.loading')} />

  if (results.length === 0) return <NoResults query={query} />
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" role="status" data-testid="search-count">
        {t('browse.search.count', { count: results.length })}
      </Typography>
      <Box
        ref={scrollRef}
        role="region"
        aria-label={t('browse.search.results')}
        tabIndex={0}
        sx={{ height: Math.min(results.length, VISIBLE_ROWS + 0.5) * RESULT_ROW_HEIGHT, overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        <Box role="list" sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const result = results[row.index]!
            return (
              <Box
                key={row.key}
                role="listitem"
                sx={{ position: 'absolute', top: 0, left: 0, width: '100%', height: RESULT_ROW_HEIGHT, transform: `translateY(${row.start}px)`, pb: 1 }}
              >
                <ResultCard result={result} query={query} position={row.index} />
              </Box>
            )
          })}
        </Box>
      </Box>
    </Stack>
  )
}

export default SearchResults
