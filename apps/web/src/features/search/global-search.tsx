import SearchIcon from '@mui/icons-material/Search'
import InputAdornment from '@mui/material/InputAdornment'
import CircularProgress from '@mui/material/CircularProgress'
import OutlinedInput from '@mui/material/OutlinedInput'
import Stack from '@mui/material/Stack'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS } from '../../lib/search/search-constants'
import type { SearchSubmit } from './search-results'

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
 * mirrors the text in the URL, Home keeps it in state. Enter opens the first result of the text as
 * typed (not waiting for the debounce); typing again before the results are ready cancels it.
 */
export function GlobalSearch({ value, onChange, autoFocus = false }: { value: string; onChange: (q: string) => void; autoFocus?: boolean }) {
  const { t } = useTranslation()
  const query = useDebounced(value, SEARCH_DEBOUNCE_MS).trim()
  const input = useRef<HTMLInputElement>(null)
  const [submitted, setSubmitted] = useState<SearchSubmit | null>(null)
  const presses = useRef(0)
  const handled = useCallback(() => setSubmitted(null), [])
  // autoFocus misses when the first render commits while #root is still hidden (a pre-rendered page in
  // another language or colour mode, index.html `pre-off`): the box takes the focus a frame later then.
  useEffect(() => {
    if (!autoFocus) return
    const id = requestAnimationFrame(() => {
      if (document.activeElement === document.body) input.current?.focus()
    })
    return () => cancelAnimationFrame(id)
  }, [autoFocus])
  return (
    <Stack spacing={1}>
      {/* The outlined input alone, not TextField: TextField also brings Select, Menu and Popover (about 14 KB gzip) into the home page. */}
      <OutlinedInput
        fullWidth
        autoFocus={autoFocus}
        inputRef={input}
        type="search"
        placeholder={t('browse.search.placeholder')}
        value={value}
        onChange={(e) => {
          setSubmitted(null)
          onChange(e.target.value)
        }}
        onKeyDown={(e) => {
          // Not while an input method is composing: there Enter picks the characters (Chinese, Japanese, Korean).
          if (e.key !== 'Enter' || e.nativeEvent.isComposing || !value.trim()) return
          e.preventDefault()
          setSubmitted({ query: value.trim(), n: ++presses.current })
        }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        // data-* attributes are valid on an input; MUI's slot type only lists the named ones.
        slotProps={{ input: { 'aria-label': t('browse.search.label'), enterKeyHint: 'search', ...{ 'data-testid': 'search-input' } } }}
      />
      {query && (
        <Suspense fallback={<CircularProgress size={24} sx={{ alignSelf: 'center' }} aria-label={t('browse.search.loading')} />}>
          <SearchResults query={query} submitted={submitted} onSubmitted={handled} />
        </Suspense>
      )}
    </Stack>
  )
}
