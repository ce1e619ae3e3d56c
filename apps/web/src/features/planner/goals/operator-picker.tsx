import type { Operator } from '@dropwise/schemas'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { operatorName, ProfessionStars } from './operator-label'
import type { OperatorSearch } from './operator-search'

/**
 * The box that adds an operator: typed in any language, pinyin (whole or initials) or romaji (operator-search.ts);
 * each option shows the name in the page's language, the other languages' names, the stars and the class.
 * Operators already in the project are offered too but say so, and choosing one again adds nothing. The search (and
 * Fuse.js) loads once the player focuses the box: it is not needed to show the page.
 */
export function OperatorPicker({ operators, present, onAdd }: { operators: readonly Operator[]; present: ReadonlySet<string>; onAdd: (op: Operator) => void }) {
  const { t, i18n } = useTranslation()
  const [input, setInput] = useState('')
  const query = useDeferredValue(input)
  const [wanted, setWanted] = useState(false)
  const [engine, setEngine] = useState<{ of: readonly Operator[]; search: OperatorSearch } | null>(null)
  useEffect(() => {
    if (!wanted) return
    let live = true
    void import('./operator-search').then((m) => {
      if (live) setEngine({ of: operators, search: m.createOperatorSearch(operators) })
    })
    return () => {
      live = false
    }
  }, [wanted, operators])
  const byId = useMemo(() => new Map(operators.map((o) => [o.id, o])), [operators])
  const options = useMemo(() => (engine?.of === operators ? engine.search.search(query).flatMap((id) => byId.get(id) ?? []) : []), [engine, operators, query, byId])
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onOpen={() => setWanted(true)}
      onInputChange={(_e, v, reason) => {
        setWanted(true)
        if (reason !== 'reset') setInput(v)
      }}
      onChange={(_e, op) => {
        if (op) {
          onAdd(op)
          setInput('')
        }
      }}
      getOptionLabel={(o) => operatorName(o, i18n.language)}
      getOptionKey={(o) => o.id}
      filterOptions={(x) => x}
      autoHighlight
      blurOnSelect={false}
      clearOnBlur={false}
      loading={wanted && engine?.of !== operators}
      loadingText={t('planner.goals.loading')}
      noOptionsText={query.trim() ? t('planner.goals.add.noMatch') : t('planner.goals.add.typeToSearch')}
      renderOption={({ key, ...props }, o) => {
        const name = operatorName(o, i18n.language)
        const others = [...new Set([o.name_i18n.zh, o.name_i18n.en, o.name_i18n.ja, o.name_i18n.ko].filter((n): n is string => Boolean(n) && n !== name))]
        return (
          <Box component="li" key={key} {...props} data-testid="goals-operator-option" data-operator-id={o.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {name}
              </Typography>
              {present.has(o.id) && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {t('planner.goals.add.already')}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {others.join(' · ')}
              </Typography>
            </Box>
            <ProfessionStars op={o} />
          </Box>
        )
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          onFocus={() => setWanted(true)}
          label={t('planner.goals.add.label')}
          placeholder={t('planner.goals.add.placeholder')}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'goals-operator-input' } }}
        />
      )}
      sx={{ maxWidth: 560 }}
    />
  )
}
