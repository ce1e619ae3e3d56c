import OpenInNew from '@mui/icons-material/OpenInNew'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import { lazy, Suspense, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TitledCard } from '../../components/titled-card'
import { useDataset } from '../../lib/data'
import { useAbout } from './api/get-about'
import { readAboutContent, readCommunityConfig, type AboutView, type CommunityLink } from './community-config'

/** Building blocks of the about pages. */

export const CC_BY_NC = 'https://creativecommons.org/licenses/by-nc/4.0/'
export const PENGUIN_STATS = 'https://penguin-stats.io'
/** The interactive API documentation every Dropwise server serves (a server path, not an app route). */
export const API_DOCS = '/api/docs'

/** The operator's about content (`GET /api/_/about`) when set, else `/config` `community`, in the page's language. */
export function useCommunity(): AboutView {
  const config = useDataset('config')
  const about = useAbout()
  const { i18n } = useTranslation()
  return useMemo(() => readAboutContent(about.data, i18n.language) ?? { ...readCommunityConfig(config.data), texts: {} }, [about.data, config.data, i18n.language])
}

const Markdown = lazy(() => import('../../components/markdown'))

/** The operator's own text for a page (markdown, sanitised by the renderer), or nothing. */
export function OperatorText({ source }: { source: string | undefined }) {
  const { t } = useTranslation()
  if (!source) return null
  return (
    <Section title={t('about.operatorNote')}>
      <Suspense fallback={null}>
        <Markdown source={source} />
      </Suspense>
    </Section>
  )
}

export function Page({ title, intro, children }: { title: ParseKeys; intro?: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t(title)}
      </Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {children}
    </Stack>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return <TitledCard title={title}>{children}</TitledCard>
}

export function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </Link>
  )
}

export function LinkButtons({ links }: { links: CommunityLink[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {links.map((l) => (
        <Button key={l.url} variant="outlined" href={l.url} target="_blank" rel="noreferrer noopener" endIcon={<OpenInNew />}>
          {l.label}
        </Button>
      ))}
    </Stack>
  )
}

/** Links of the operator's community, or `fallback` (by default a sentence saying the instance has none configured). */
export function CommunityLinks({ include, fallback }: { include: ('repository' | 'issues' | 'chat' | 'email')[]; fallback?: ReactNode }) {
  const { t } = useTranslation()
  const c = useCommunity()
  const links: CommunityLink[] = []
  if (include.includes('repository') && c.repository) links.push({ label: t('about.site.links.repository'), url: c.repository })
  if (include.includes('issues') && c.issues) links.push({ label: t('about.site.links.issues'), url: c.issues })
  if (include.includes('chat')) links.push(...c.chat)
  const email = include.includes('email') ? c.email : undefined
  if (links.length === 0 && !email) return fallback ?? <Typography color="text.secondary">{t('about.site.notConfigured')}</Typography>
  return (
    <Stack spacing={1}>
      <LinkButtons links={links} />
      {email && (
        <Typography>
          {t('about.site.email')} <Link href={`mailto:${email}`}>{email}</Link>
        </Typography>
      )}
    </Stack>
  )
}
