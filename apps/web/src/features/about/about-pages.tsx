import CheckCircle from '@mui/icons-material/CheckCircle'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { Bulletin } from '../notices/bulletin'
import { API_DOCS, CC_BY_NC, CommunityLinks, External, Page, PENGUIN_STATS, Section } from './about-layout'
import { GameDataAsOf } from './game-data-as-of'
import { OpenDataLinks } from './open-data-links'

export { AboutContact, AboutDonate, AboutMembers } from './about-community'

export const AboutBulletin = () => (
  <Page title="menu.bulletin">
    <Card>
      <CardContent>
        <Bulletin />
      </CardContent>
    </Card>
  </Page>
)

const SKILLS = [
  { title: 'about.site.contribute.skills.frontend', hint: 'about.site.contribute.skills.frontendHint' },
  { title: 'about.site.contribute.skills.backend', hint: 'about.site.contribute.skills.backendHint' },
  { title: 'about.site.contribute.skills.mobile', hint: 'about.site.contribute.skills.mobileHint' },
  { title: 'about.site.contribute.skills.maintenance', hint: 'about.site.contribute.skills.maintenanceHint' },
  { title: 'about.site.contribute.skills.design', hint: 'about.site.contribute.skills.designHint' },
  { title: 'about.site.contribute.skills.analysis', hint: 'about.site.contribute.skills.analysisHint' },
] as const

export function AboutContribute() {
  const { t } = useTranslation()
  return (
    <Page title="menu.contribute" intro={t('about.site.contribute.intro')}>
      <Section title={t('about.site.contribute.reportTitle')}>
        <Typography sx={{ mb: 1 }}>{t('about.site.contribute.reportBody')}</Typography>
        <Button component={RouterLink} to={paths.reportByZone.href()} variant="contained">
          {t('menu.report')}
        </Button>
      </Section>
      <Section title={t('about.site.contribute.skillsTitle')}>
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
      <Section title={t('about.site.contribute.whereTitle')}>
        <Typography sx={{ mb: 1 }}>{t('about.site.contribute.whereBody')}</Typography>
        <Stack spacing={1}>
          <CommunityLinks include={['repository', 'issues', 'chat']} />
          <Typography>
            <Link href={API_DOCS}>{t('about.site.contribute.apiDocs')}</Link>
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
      'about.site.changelog.v010.api',
      'about.site.changelog.v010.browse',
      'about.site.changelog.v010.report',
      'about.site.changelog.v010.planner',
      'about.site.changelog.v010.open',
    ],
  },
] as const

export function AboutChangelog() {
  const { t } = useTranslation()
  return (
    <Page title="menu.changelog" intro={t('about.site.changelog.intro')}>
      {CHANGELOG.map((entry) => {
        const current = entry.version === env.appVersion
        return (
          <Section key={entry.version} title={`v${entry.version}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={entry.date}>{entry.date}</time>
              </Typography>
              {current && <Chip size="small" color="success" icon={<CheckCircle />} label={t('about.site.changelog.current')} />}
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

interface LinkCardData {
  title: string
  url: string
  description: ParseKeys
  tags: ParseKeys[]
}
const LINK_GROUPS: { title: ParseKeys; hint: ParseKeys; links: LinkCardData[] }[] = [
  {
    title: 'about.site.linksPage.community',
    hint: 'about.site.linksPage.communityHint',
    links: [
      {
        title: 'Penguin Statistics',
        url: PENGUIN_STATS,
        description: 'about.site.linksPage.penguin',
        tags: ['about.site.linksPage.tags.materials', 'about.site.linksPage.tags.planner'],
      },
      {
        title: 'MAA',
        url: 'https://github.com/MaaAssistantArknights/MaaAssistantArknights',
        description: 'about.site.linksPage.maa',
        tags: ['about.site.linksPage.tags.automation', 'about.site.linksPage.tags.report'],
      },
      {
        title: 'ArkPlanner',
        url: 'https://github.com/penguin-statistics/ArkPlanner',
        description: 'about.site.linksPage.arkplanner',
        tags: ['about.site.linksPage.tags.planner'],
      },
      { title: 'PRTS Wiki', url: 'https://prts.wiki', description: 'about.site.linksPage.prts', tags: ['about.site.linksPage.tags.wiki'] },
    ],
  },
  {
    title: 'about.site.linksPage.deprecated',
    hint: 'about.site.linksPage.deprecatedHint',
    links: [
      {
        title: 'penguin-statistics/frontend-v2',
        url: 'https://github.com/penguin-statistics/frontend-v2',
        description: 'about.site.linksPage.frontendV2',
        tags: ['about.site.linksPage.tags.code'],
      },
      {
        title: 'penguin-statistics/backend',
        url: 'https://github.com/penguin-statistics/backend',
        description: 'about.site.linksPage.backendV1',
        tags: ['about.site.linksPage.tags.code'],
      },
    ],
  },
  {
    title: 'about.site.linksPage.misc',
    hint: 'about.site.linksPage.miscHint',
    links: [
      { title: 'CC BY-NC 4.0', url: CC_BY_NC, description: 'about.site.linksPage.license', tags: ['about.site.linksPage.tags.license'] },
      { title: 'Arknights', url: 'https://www.arknights.global', description: 'about.site.linksPage.game', tags: ['about.site.linksPage.tags.official'] },
      { title: 'Dropwise API', url: API_DOCS, description: 'about.site.linksPage.api', tags: ['about.site.linksPage.tags.code'] },
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
            {external && <OpenInNew fontSize="small" aria-label={t('about.site.opensInNewTab')} />}
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
    <Page title="menu.links" intro={t('about.site.linksPage.intro')}>
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
    <Page title="menu.credits" intro={t('about.site.credits.intro')}>
      <Section title={t('about.site.credits.dataTitle')}>
        <Typography>
          {t('about.site.credits.dataBody')} <External href={PENGUIN_STATS}>Penguin Statistics</External> · <External href={CC_BY_NC}>CC BY-NC 4.0</External>
        </Typography>
        <OpenDataLinks />
      </Section>
      <Section title={t('about.site.credits.gameTitle')}>
        <Typography>{t('about.site.credits.gameBody')}</Typography>
        <GameDataAsOf />
      </Section>
      <Section title={t('about.site.credits.softwareTitle')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('about.site.credits.softwareBody')}
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
