import SearchIcon from '@mui/icons-material/Search'
import InputAdornment from '@mui/material/InputAdornment'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS } from './search-constants'

// Fuse.js, the index and the virtual list load only once there is something to search for.
const SearchResults = lazy(() => import('./search-results'))

/** `value` after it has stopped changing for `ms`. */
export const useDebounced = <T,>(value: T, ms: number) => {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return debounced
}

/**
 * The search box and its results (Home card and the Search page). Controlled: the Search page
 * mirrors the text in the URL, Home keeps it in state.
 */
export function GlobalSearch({ value, onChange, autoFocus = false }: { value: string; onChange: (q: string) => void; autoFocus?: boolean }) {
  const { t } = useTranslation()
  const query = useDebounced(value, SEARCH_DEBOUNCE_MS).trim()
  return (
    <Stack spacing={1}>
      <TextField
        fullWidth
        autoFocus={autoFocus}
        type="search"
        placeholder={t('browse.search.placeholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('browse.search.label'), 'data-testid': 'search-input', enterKeyHint: 'search' },
        }}
      />
      {query && (
        <Suspense fallback={<LinearProgress aria-label={t('browse.search.loading')} />}>
          <SearchResults query={query} />
        </Suspense>
      )}
    </Stack>
  )
}
