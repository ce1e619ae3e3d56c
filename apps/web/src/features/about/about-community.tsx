import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { env } from '../../config/env'
import { paths } from '../../config/paths'
import { API_DOCS, CC_BY_NC, CommunityLinks, External, LinkButtons, OperatorText, Page, PENGUIN_STATS, Section, useCommunity } from './about-layout'
import { MEMBER_ROLES, type CommunityMember } from './community-config'

/**
 * Members, contact and donate (issue 17 §14): what is true of every Dropwise server (open source,
 * where the data comes from, how to report a problem or help), plus what this server's operator
 * has configured in `/config` `community`. Nothing here names people or accounts the operator did
 * not list.
 */

/** Where the project lives: open source, the version this server runs, its repository when published. */
function ProjectHome() {
  const { t } = useTranslation()
  return (
    <Section title={t('about.project.title')}>
      <Stack spacing={1}>
        <Typography>{t('about.project.body')}</Typography>
        <Typography data-testid="about-version">{t('about.project.version', { version: env.appVersion })}</Typography>
        <CommunityLinks include={['repository', 'issues']} fallback={<Typography color="text.secondary">{t('about.project.noRepository')}</Typography>} />
        <Typography>
          <Link href={API_DOCS}>{t('about.project.apiDocs')}</Link>
        </Typography>
      </Stack>
    </Section>
  )
}

/** Where the numbers come from: Penguin Statistics (CC BY-NC 4.0) and the game's public tables. */
function DataCredits() {
  const { t } = useTranslation()
  return (
    <Section title={t('about.data.title')}>
      <Stack spacing={1}>
        <Typography>
          {t('about.data.penguin')} <External href={PENGUIN_STATS}>Penguin Statistics</External> · <External href={CC_BY_NC}>CC BY-NC 4.0</External>
        </Typography>
        <Typography>{t('about.data.game')}</Typography>
        <Box>
          <Button component={RouterLink} to={paths.aboutCredits.href()}>
            {t('menu.credits')}
          </Button>
        </Box>
      </Stack>
    </Section>
  )
}

const ROLE_TITLES: Record<(typeof MEMBER_ROLES)[number], ParseKeys> = {
  owner: 'about.site.members.roles.owner',
  maintainer: 'about.site.members.roles.maintainer',
  contributor: 'about.site.members.roles.contributor',
  translator: 'about.site.members.roles.translator',
  other: 'about.site.members.roles.other',
}

/** The people this server's operator lists, by role; roles nobody holds are left out; a sentence when there are none. */
function OperatorMembers({ members }: { members: CommunityMember[] }) {
  const { t } = useTranslation()
  const roles = MEMBER_ROLES.filter((role) => members.some((m) => m.role === role))
  return (
    <Section title={t('about.members.operatorTitle')}>
      {members.length === 0 && (
        <Typography color="text.secondary" data-testid="about-no-members">
          {t('about.members.noneBody')}
        </Typography>
      )}
      <Grid container spacing={2}>
        {roles.map((role) => (
          <Grid key={role} size={{ xs: 12, sm: 6, md: 4 }}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {t(ROLE_TITLES[role])}
            </Typography>
            <List dense>
              {members
                .filter((m) => m.role === role)
                .map((p) => (
                  <ListItem key={p.name} disableGutters>
                    <ListItemText primary={p.url ? <External href={p.url}>{p.name}</External> : p.name} secondary={p.note} />
                  </ListItem>
                ))}
            </List>
          </Grid>
        ))}
      </Grid>
    </Section>
  )
}

export function AboutMembers() {
  const { t } = useTranslation()
  const { members, texts } = useCommunity()
  return (
    <Page title="menu.members" intro={t('about.members.intro')}>
      <OperatorText source={texts.members} />
      <Section title={t('about.members.playersTitle')}>
        <Typography sx={{ mb: 1 }}>{t('about.members.playersBody')}</Typography>
        <Button component={RouterLink} to={paths.reportByZone.href()} variant="contained">
          {t('menu.report')}
        </Button>
      </Section>
      <Section title={t('about.members.codeTitle')}>
        <Typography sx={{ mb: 1 }}>{t('about.members.codeBody')}</Typography>
        <Button component={RouterLink} to={paths.aboutContribute.href()}>
          {t('menu.contribute')}
        </Button>
      </Section>
      <OperatorMembers members={members} />
      <DataCredits />
      <ProjectHome />
    </Page>
  )
}

export function AboutContact() {
  const { t } = useTranslation()
  const { texts } = useCommunity()
  return (
    <Page title="menu.contact" intro={t('about.contact.intro')}>
      <OperatorText source={texts.contact} />
      <Section title={t('about.contact.reportTitle')}>
        <Typography>{t('about.contact.reportBody')}</Typography>
      </Section>
      <Section title={t('about.contact.recognitionTitle')}>
        <Typography sx={{ mb: 1 }}>{t('about.contact.recognitionBody')}</Typography>
        <Button component={RouterLink} to={paths.recognitionReport.href()}>
          {t('about.contact.recognitionLink')}
        </Button>
      </Section>
      <Section title={t('about.contact.bugTitle')}>
        <Stack spacing={1}>
          <Typography>{t('about.contact.bugBody', { version: env.appVersion })}</Typography>
          <CommunityLinks include={['issues', 'chat', 'email']} fallback={<Typography color="text.secondary">{t('about.contact.noChannel')}</Typography>} />
        </Stack>
      </Section>
      <Section title={t('about.site.contact.dataTitle')}>
        <Typography>
          {t('about.site.contact.dataBody')} <External href={PENGUIN_STATS}>Penguin Statistics</External>
        </Typography>
      </Section>
      <ProjectHome />
    </Page>
  )
}

const WAYS_TO_HELP: { title: ParseKeys; body: ParseKeys; to: string; link: ParseKeys }[] = [
  { title: 'about.donate.ways.reportTitle', body: 'about.donate.ways.reportBody', to: paths.reportByZone.href(), link: 'menu.report' },
  { title: 'about.donate.ways.problemTitle', body: 'about.donate.ways.problemBody', to: paths.aboutContact.href(), link: 'menu.contact' },
  { title: 'about.donate.ways.codeTitle', body: 'about.donate.ways.codeBody', to: paths.aboutContribute.href(), link: 'menu.contribute' },
  { title: 'about.donate.ways.translateTitle', body: 'about.donate.ways.translateBody', to: paths.aboutContribute.href(), link: 'menu.contribute' },
]

export function AboutDonate() {
  const { t } = useTranslation()
  const { donate, texts } = useCommunity()
  return (
    <Page title="menu.donate" intro={t('about.donate.intro')}>
      <OperatorText source={texts.donate} />
      <Section title={donate.length > 0 ? t('about.site.donate.operatorTitle') : t('about.donate.noneTitle')}>
        {donate.length > 0 ? <LinkButtons links={donate} /> : <Typography data-testid="about-no-donations">{t('about.donate.noneBody')}</Typography>}
      </Section>
      <Section title={t('about.donate.waysTitle')}>
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {WAYS_TO_HELP.map((w) => (
            <Grid key={w.title} size={{ xs: 12, sm: 6 }} component="li">
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {t(w.title)}
              </Typography>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t(w.body)}
              </Typography>
              <Link component={RouterLink} to={w.to}>
                {t(w.link)}
              </Link>
            </Grid>
          ))}
        </Grid>
      </Section>
      <ProjectHome />
    </Page>
  )
}
