import ErrorIcon from '@mui/icons-material/Error'
import Info from '@mui/icons-material/Info'
import Warning from '@mui/icons-material/Warning'
import Alert from '@mui/material/Alert'
import Stack from '@mui/material/Stack'
import type { Notice } from '@dropwise/schemas'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../lib/i18n'

const Markdown = lazy(() => import('../../components/markdown'))

const SEVERITY = {
  0: { severity: 'error', icon: <ErrorIcon />, label: 'notice.severity.0' },
  1: { severity: 'warning', icon: <Warning />, label: 'notice.severity.1' },
  2: { severity: 'info', icon: <Info />, label: 'notice.severity.2' },
} as const

/** The visible notices, each an alert in its severity's style, the text as sanitised markdown. */
export function NoticeList({ notices }: { notices: Notice[] }) {
  const { t, i18n } = useTranslation()
  return (
    <Stack spacing={1}>
      {notices.map((n) => {
        const s = SEVERITY[(n.severity ?? 2) as 0 | 1 | 2] ?? SEVERITY[2]
        return (
          <Alert key={n.id} severity={s.severity} icon={s.icon} variant={n.severity === 0 ? 'filled' : 'outlined'} aria-label={t(s.label)}>
            <Suspense fallback={null}>
              <Markdown source={localized(n.content_i18n, '', i18n.language)} />
            </Suspense>
          </Alert>
        )
      })}
    </Stack>
  )
}

export function NoticeError({ message }: { message: string }) {
  const { t } = useTranslation()
  return <Alert severity="error">{t('notice.failed', { error: message })}</Alert>
}
