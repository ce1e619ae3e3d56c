import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { BaseLocale } from '../../lib/i18n'
import { nameFallback } from '../../lib/name-fallback'

/**
 * Under a page's heading when the name in it is not in the page's language (issue 38 §6): which language it
 * is shown in and why, so that a player does not take the Chinese characters for a fault.
 */
export function NameFallbackNote({ names, kind }: { names: Partial<Record<BaseLocale, string>> | undefined; kind: 'item' | 'stage' | 'zone' }) {
  const { t, i18n } = useTranslation()
  if (nameFallback(names, i18n.language) === null) return null
  return (
    <Typography variant="body2" color="text.secondary" data-testid="name-fallback">
      {t(`stats.nameFallback.${kind}`)}
    </Typography>
  )
}
