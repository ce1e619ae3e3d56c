import SearchIcon from '@mui/icons-material/Search'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Stage, Zone } from '@dropwise/schemas'
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../lib/i18n'
import { useDataSource } from '../../lib/state-hooks'
// The search feature's documents and engine: the same matching (all languages, exact first) as the global search.
import { stageDocuments } from '../../lib/search/search-documents'
import type { SearchEngine } from '../../lib/search/search-engine'
import { useCategoryTitles, type OnSelect } from './zone-panels'
import type { ZoneCategory } from './zones'
import { visuallyHidden } from '../visually-hidden'

/** Options shown at most: the best matches; a longer list is not read by anyone. */
export const MAX_STAGE_OPTIONS = 30

interface StageOption {
  stageId: string
  zoneId: string
  code: string
  zoneName: string
  category: ZoneCategory | undefined
}

/**
 * Fuse.js and the index load once the visitor focuses the box or types; the engine is rebuilt when
 * the offered stages or the language change.
 */
function useStageEngine(stages: readonly Stage[], zones: readonly Zone[], wanted: boolean) {
  const { i18n } = useTranslation()
  const { server } = useDataSource()
  const [engine, setEngine] = useState<SearchEngine | null>(null)
  useEffect(() => {
    if (!wanted) return
    let live = true
    const docs = stageDocuments(stages, zones, i18n.language, server)
    import('../../lib/search/search-engine').then(
      (m) => live && setEngine(m.createSearchEngine(docs, [])),
      // A failed chunk: the box says nothing was found; the zone lists below still work.
      () => live && setEngine(null),
    )
    return () => {
      live = false
    }
  }, [stages, zones, i18n.language, server, wanted])
  return engine
}

/**
 * The stage selector's search box (issue 17): a combobox over the stages the selector offers, by
 * code, zone name, alias or pronunciation in any language. Type, move with the arrows (the first
 * match is highlighted), Enter opens the stage; Escape clears the text.
 */
export function StageSearch({
  stages,
  zones,
  categoryOf,
  onSelect,
}: {
  stages: readonly Stage[]
  zones: readonly Zone[]
  categoryOf: ReadonlyMap<string, ZoneCategory>
  onSelect: OnSelect
}) {
  const { t, i18n } = useTranslation()
  const titles = useCategoryTitles()
  const [input, setInput] = useState('')
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const engine = useStageEngine(stages, zones, wanted)
  // Matched in the same render as the text changes (a few ms over all stages): options that arrived
  // a render later would make MUI keep the highlight on the previous text's option.
  const query = input.trim()
  const stageOf = useMemo(() => new Map(stages.map((s) => [s.stageId, s])), [stages])
  const zoneOf = useMemo(() => new Map(zones.map((z) => [z.zoneId, z])), [zones])
  const options = useMemo<StageOption[]>(() => {
    if (!engine || !query) return []
    return engine
      .search(query)
      .slice(0, MAX_STAGE_OPTIONS)
      .flatMap((r) => {
        const stage = r.stageId ? stageOf.get(r.stageId) : undefined
        if (!stage) return []
        const zone = zoneOf.get(stage.zoneId)
        return [
          {
            stageId: stage.stageId,
            zoneId: stage.zoneId,
            code: localized(stage.code_i18n, stage.code, i18n.language),
            zoneName: zone ? localized(zone.zoneName_i18n, zone.zoneName, i18n.language) : stage.zoneId,
            category: categoryOf.get(stage.zoneId),
          },
        ]
      })
  }, [engine, query, stageOf, zoneOf, categoryOf, i18n.language])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
    // Escape clears at once (MUI would first only close the list).
    if (e.key === 'Escape' && input) {
      e.preventDefault()
      e.stopPropagation()
      e.defaultMuiPrevented = true
      setInput('')
      setOpen(false)
    }
  }

  return (
    <Box data-testid="stage-search">
      <Autocomplete<StageOption, false, false, false>
        options={options}
        value={null}
        inputValue={input}
        onInputChange={(_e, v, reason) => reason === 'input' && setInput(v)}
        onChange={(_e, o) => o && onSelect(o.zoneId, o.stageId)}
        open={open && query !== ''}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onFocus={() => setWanted(true)}
        onKeyDown={onKeyDown}
        filterOptions={(o) => o}
        getOptionLabel={(o) => o.code}
        getOptionKey={(o) => o.stageId}
        isOptionEqualToValue={(a, b) => a.stageId === b.stageId}
        autoHighlight
        clearOnBlur={false}
        handleHomeEndKeys
        forcePopupIcon={false}
        loading={!engine}
        loadingText={t('finding.stageSearch.loading')}
        noOptionsText={t('finding.stageSearch.none', { query })}
        renderOption={({ key, ...props }, o) => (
          <Box component="li" key={key} {...props} data-testid="stage-search-option" data-stage-id={o.stageId}>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {o.code}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {o.category ? `${o.zoneName} · ${titles[o.category]}` : o.zoneName}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('finding.stageSearch.label')}
            placeholder={t('finding.stageSearch.placeholder')}
            helperText={t('finding.stageSearch.keys')}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { ...params.slotProps.htmlInput, enterKeyHint: 'go', 'data-testid': 'stage-search-input' },
            }}
          />
        )}
      />
      <Box role="status" sx={visuallyHidden}>
        {query && engine ? (options.length ? t('finding.stageSearch.count', { count: options.length }) : t('finding.stageSearch.none', { query })) : ''}
      </Box>
    </Box>
  )
}
