import CheckCircle from '@mui/icons-material/CheckCircle'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { TitledCard } from '../../components/titled-card'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { Bulletin } from '../notices/bulletin'
import { MEMBER_ROLES, readCommunityConfig, type CommunityConfig, type CommunityLink } from './community-config'

const CC_BY_NC = 'https://creativecommons.org/licenses/by-nc/4.0/'
const PENGUIN_STATS = 'https://penguin-stats.io'
/** The interactive API documentation every Dropwise server serves (a server path, not an app route). */
const API_DOCS = '/api/docs'

function useCommunity(): CommunityConfig {
  const config = useDataset('config')
  return useMemo(() => readCommunityConfig(config.data), [config.data])
}

function Page({ title, intro, children }: { title: ParseKeys; intro?: string; children: ReactNode }) {
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <TitledCard title={title}>{children}</TitledCard>
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </Link>
  )
}

function LinkButtons({ links }: { links: CommunityLink[] }) {
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

/** Links of the operator's community, or a sentence saying the instance has none configured. */
function CommunityLinks({ include }: { include: ('repository' | 'issues' | 'chat' | 'email')[] }) {
  const { t } = useTranslation()
  const c = useCommunity()
  const links: CommunityLink[] = []
  if (include.includes('repository') && c.repository) links.push({ label: t('browse.about.links.repository'), url: c.repository })
  if (include.includes('issues') && c.issues) links.push({ label: t('browse.about.links.issues'), url: c.issues })
  if (include.includes('chat')) links.push(...c.chat)
  const email = include.includes('email') ? c.email : undefined
  if (links.length === 0 && !email) return <Typography color="text.secondary">{t('browse.about.notConfigured')}</Typography>
  return (
    <Stack spacing={1}>
      <LinkButtons links={links} />
      {email && (
        <Typography>
          {t('browse.about.email')} <Link href={`mailto:${email}`}>{email}</Link>
        </Typography>
      )}
    </Stack>
  )
}

export const AboutBulletin = () => (
  <Page title="menu.bulletin">
    <Card>
      <CardContent>
        <Bulletin />
      </CardContent>
    </Card>
  </Page>
)

const ROLE_KEYS = {
  owner: { title: 'browse.about.members.roles.owner', hint: 'browse.about.members.roles.ownerHint' },
  maintainer: { title: 'browse.about.members.roles.maintainer', hint: 'browse.about.members.roles.maintainerHint' },
  contributor: { title: 'browse.about.members.roles.contributor', hint: 'browse.about.members.roles.contributorHint' },
  translator: { title: 'browse.about.members.roles.translator', hint: 'browse.about.members.roles.translatorHint' },
  other: { title: 'browse.about.members.roles.other', hint: 'browse.about.members.roles.otherHint' },
} as const

export function AboutMembers() {
  const { t } = useTranslation()
  const { members, repository } = useCommunity()
  return (
    <Page title="menu.members" intro={t('browse.about.members.intro')}>
      {members.length === 0 && (
        <Alert severity="info">
          {t('browse.about.members.none')}{' '}
          {repository && <External href={repository}>{t('browse.about.links.repository')}</External>}
        </Alert>
      )}
      <Grid container spacing={2}>
        {MEMBER_ROLES.map((role) => {
          const people = members.filter((m) => m.role === role)
          return (
            <Grid key={role} size={{ xs: 12, sm: 6, md: 4 }}>
              <Section title={t(ROLE_KEYS[role].title)}>
                <Typography variant="body2" color="text.secondary">
                  {t(ROLE_KEYS[role].hint)}
                </Typography>
                {people.length > 0 && (
                  <List dense>
                    {people.map((p) => (
                      <ListItem key={p.name} disableGutters>
                        <ListItemText primary={p.url ? <External href={p.url}>{p.name}</External> : p.name} />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Section>
            </Grid>
          )
        })}
      </Grid>
    </Page>
  )
}

const SKILLS = [
  { title: 'browse.about.contribute.skills.frontend', hint: 'browse.about.contribute.skills.frontendHint' },
  { title: 'browse.about.contribute.skills.backend', hint: 'browse.about.contribute.skills.backendHint' },
  { title: 'browse.about.contribute.skills.mobile', hint: 'browse.about.contribute.skills.mobileHint' },
  { title: 'browse.about.contribute.skills.maintenance', hint: 'browse.about.contribute.skills.maintenanceHint' },
  { title: 'browse.about.contribute.skills.design', hint: 'browse.about.contribute.skills.designHint' },
  { title: 'browse.about.contribute.skills.analysis', hint: 'browse.about.contribute.skills.analysisHint' },
] as const

export function AboutContribute() {
  const { t } = useTranslation()
  return (
    <Page title="menu.contribute" intro={t('browse.about.contribute.intro')}>
      <Section title={t('browse.about.contribute.reportTitle')}>
        <Typography sx={{ mb: 1 }}>{t('browse.about.contribute.reportBody')}</Typography>
        <Button component={RouterLink} to={paths.reportByZone.href()} variant="contained">
          {t('menu.report')}
        </Button>
      </Section>
      <Section title={t('browse.about.contribute.skillsTitle')}>
        <Grid container spacing={1}>
          {SKILLS.map((s) => (
            <Grid key={s.title} size={{ xs: 12, sm: 6 }}>
              <Typography sx={{ fontWeight: 500 }}>{t(s.title)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(s.hint)}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Section>
      <Section title={t('browse.about.contribute.whereTitle')}>
        <Typography sx={{ mb: 1 }}>{t('browse.about.contribute.whereBody')}</Typography>
        <Stack spacing={1}>
          <CommunityLinks include={['repository', 'issues', 'chat']} />
          <Typography>
            <Link href={API_DOCS}>{t('browse.about.contribute.apiDocs')}</Link>
          </Typography>
        </Stack>
      </Section>
    </Page>
  )
}

/** Changes by version, newest first (the text of each change is translated). */
const CHANGELOG = [
  {
    version: '0.1.0',
    date: '2026-11-21',
    changes: [
      'browse.about.changelog.v010.api',
      'browse.about.changelog.v010.browse',
      'browse.about.changelog.v010.report',
      'browse.about.changelog.v010.planner',
      'browse.about.changelog.v010.open',
    ],
  },
] as const

export function AboutChangelog() {
  const { t } = useTranslation()
  return (
    <Page title="menu.changelog" intro={t('browse.about.changelog.intro')}>
      {CHANGELOG.map((entry) => {
        const current = entry.version === env.appVersion
        return (
          <Section key={entry.version} title={`v${entry.version}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={entry.date}>{entry.date}</time>
              </Typography>
              {current && <Chip size="small" color="success" icon={<CheckCircle />} label={t('browse.about.changelog.current')} />}
            </Stack>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {entry.changes.map((c) => (
                <li key={c}>
                  <Typography>{t(c)}</Typography>
                </li>
              ))}
            </Box>
          </Section>
        )
      })}
    </Page>
  )
}

export function AboutContact() {
  const { t } = useTranslation()
  return (
    <Page title="menu.contact" intro={t('browse.about.contact.intro')}>
      <Section title={t('browse.about.contact.operatorTitle')}>
        <CommunityLinks include={['issues', 'chat', 'email']} />
      </Section>
      <Section title={t('browse.about.contact.dataTitle')}>
        <Typography>
          {t('browse.about.contact.dataBody')} <External href={PENGUIN_STATS}>Penguin Statistics</External>
        </Typography>
      </Section>
    </Page>
  )
}

export function AboutDonate() {
  const { t } = useTranslation()
  const { donate } = useCommunity()
  return (
    <Page title="menu.donate" intro={t('browse.about.donate.intro')}>
      <Section title={t('browse.about.donate.operatorTitle')}>
        {donate.length > 0 ? <LinkButtons links={donate} /> : <Typography color="text.secondary">{t('browse.about.donate.none')}</Typography>}
      </Section>
      <Section title={t('browse.about.donate.otherTitle')}>
        <Typography sx={{ mb: 1 }}>{t('browse.about.donate.otherBody')}</Typography>
        <Button component={RouterLink} to={paths.aboutContribute.href()}>
          {t('menu.contribute')}
        </Button>
      </Section>
    </Page>
  )
}

interface LinkCardData {
  title: string
  url: string
  description: ParseKeys
  tags: ParseKeys[]
}
const LINK_GROUPS: { title: ParseKeys; hint: ParseKeys; links: LinkCardData[] }[] = [
  {
    title: 'browse.about.linksPage.community',
    hint: 'browse.about.linksPage.communityHint',
    links: [
      { title: 'Penguin Statistics', url: PENGUIN_STATS, description: 'browse.about.linksPage.penguin', tags: ['browse.about.linksPage.tags.materials', 'browse.about.linksPage.tags.planner'] },
      {
        title: 'MAA',
        url: 'https://github.com/MaaAssistantArknights/MaaAssistantArknights',
        description: 'browse.about.linksPage.maa',
        tags: ['browse.about.linksPage.tags.automation', 'browse.about.linksPage.tags.report'],
      },
      { title: 'ArkPlanner', url: 'https://github.com/penguin-statistics/ArkPlanner', description: 'browse.about.linksPage.arkplanner', tags: ['browse.about.linksPage.tags.planner'] },
      { title: 'PRTS Wiki', url: 'https://prts.wiki', description: 'browse.about.linksPage.prts', tags: ['browse.about.linksPage.tags.wiki'] },
    ],
  },
  {
    title: 'browse.about.linksPage.deprecated',
    hint: 'browse.about.linksPage.deprecatedHint',
    links: [
      { title: 'penguin-statistics/frontend-v2', url: 'https://github.com/penguin-statistics/frontend-v2', description: 'browse.about.linksPage.frontendV2', tags: ['browse.about.linksPage.tags.code'] },
      { title: 'penguin-statistics/backend', url: 'https://github.com/penguin-statistics/backend', description: 'browse.about.linksPage.backendV1', tags: ['browse.about.linksPage.tags.code'] },
    ],
  },
  {
    title: 'browse.about.linksPage.misc',
    hint: 'browse.about.linksPage.miscHint',
    links: [
      { title: 'CC BY-NC 4.0', url: CC_BY_NC, description: 'browse.about.linksPage.license', tags: ['browse.about.linksPage.tags.license'] },
      { title: 'Arknights', url: 'https://www.arknights.global', description: 'browse.about.linksPage.game', tags: ['browse.about.linksPage.tags.official'] },
      { title: 'Dropwise API', url: API_DOCS, description: 'browse.about.linksPage.api', tags: ['browse.about.linksPage.tags.code'] },
    ],
  },
]

function LinkCard({ link }: { link: LinkCardData }) {
  const { t } = useTranslation()
  const external = /^https?:/.test(link.url)
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        '@media (prefers-reduced-motion: no-preference)': { transition: 'transform 425ms ease, box-shadow 425ms ease' },
        '&:hover, &:focus-within': { transform: 'translateY(-2px)', boxShadow: 4 },
      }}
    >
      <CardActionArea
        href={link.url}
        {...(external ? { target: '_blank', rel: 'noreferrer noopener' } : {})}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
        data-testid="link-card"
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h3">
              {link.title}
            </Typography>
            {external && <OpenInNew fontSize="small" aria-label={t('browse.about.opensInNewTab')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t(link.description)}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {link.tags.map((tag) => (
              <Chip key={tag} size="small" label={t(tag)} />
            ))}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

export function AboutLinks() {
  const { t } = useTranslation()
  return (
    <Page title="menu.links" intro={t('browse.about.linksPage.intro')}>
      {LINK_GROUPS.map((group) => (
        <Box component="section" key={group.title} aria-label={t(group.title)}>
          <Typography variant="h5" component="h2">
            {t(group.title)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(group.hint)}
          </Typography>
          <Grid container spacing={2}>
            {group.links.map((l) => (
              <Grid key={l.url} size={{ xs: 12, sm: 6, md: 4 }}>
                <LinkCard link={l} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Page>
  )
}

/** Software Dropwise is built with, and its licence. */
const SOFTWARE = [
  ['React', 'https://react.dev', 'MIT'],
  ['MUI', 'https://mui.com', 'MIT'],
  ['React Router', 'https://reactrouter.com', 'MIT'],
  ['TanStack Query & Virtual', 'https://tanstack.com', 'MIT'],
  ['i18next', 'https://www.i18next.com', 'MIT'],
  ['Fuse.js', 'https://www.fusejs.io', 'Apache-2.0'],
  ['Apache ECharts', 'https://echarts.apache.org', 'Apache-2.0'],
  ['Fastify', 'https://fastify.dev', 'MIT'],
  ['Kysely', 'https://kysely.dev', 'MIT'],
  ['PGlite', 'https://pglite.dev', 'Apache-2.0'],
  ['protobuf.js', 'https://github.com/protobufjs/protobuf.js', 'BSD-3-Clause'],
  ['HiGHS (highs-js)', 'https://lovasoa.github.io/highs-js/', 'MIT'],
  ['Zod', 'https://zod.dev', 'MIT'],
  ['Vite', 'https://vite.dev', 'MIT'],
] as const

export function AboutCredits() {
  const { t } = useTranslation()
  return (
    <Page title="menu.credits" intro={t('browse.about.credits.intro')}>
      <Section title={t('browse.about.credits.dataTitle')}>
        <Typography>
          {t('browse.about.credits.dataBody')} <External href={PENGUIN_STATS}>Penguin Statistics</External> ·{' '}
          <External href={CC_BY_NC}>CC BY-NC 4.0</External>
        </Typography>
      </Section>
      <Section title={t('browse.about.credits.gameTitle')}>
        <Typography>{t('browse.about.credits.gameBody')}</Typography>
      </Section>
      <Section title={t('browse.about.credits.softwareTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('browse.about.credits.softwareBody')}
        </Typography>
        <Grid container spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {SOFTWARE.map(([name, url, licence]) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <External href={url}>{name}</External>{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({licence})
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Section>
    </Page>
  )
}
