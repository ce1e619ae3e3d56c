import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { GlobalSearch } from './global-search'

/**
 * `/search?q=`: the text is mirrored in `q` by replacing the history entry (no entry per
 * keystroke), and `q` is dropped when the box is empty.
 */
export function SearchPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const [q, setQ] = useState(() => params.get('q') ?? '')
  const change = (value: string) => {
    setQ(value)
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set('q', value)
        else next.delete('q')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('menu.search')}
      </Typography>
      <Typography color="text.secondary">{t('browse.search.hint')}</Typography>
      <GlobalSearch value={q} onChange={change} autoFocus />
    </Stack>
  )
}
