import Calculate from '@mui/icons-material/Calculate'
import CloudUpload from '@mui/icons-material/CloudUpload'
import GridView from '@mui/icons-material/GridView'
import Layers from '@mui/icons-material/Layers'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TitledCard } from '../../components/titled-card'
import { paths } from '../../config/paths'
import { Bulletin } from '../notices/bulletin'
import { GlobalSearch } from '../search/global-search'
import { ReportsCounter } from '../site-stats/stats-overview'
import { HomeNow } from './components/home-now'

/** One style for every card (the delay is inline): one class to build and insert instead of nine. */
const CARD_SX = {
  height: '100%',
  '@media (prefers-reduced-motion: no-preference)': { animation: 'dropwise-home-in 625ms cubic-bezier(0.22, 1, 0.36, 1) both' },
  '@keyframes dropwise-home-in': { from: { opacity: 0, transform: 'translateY(48px)' }, to: { opacity: 1, transform: 'none' } },
} as const

/**
 * A home card; cards fade in one after another unless the visitor prefers reduced motion. Each is a
 * Suspense boundary of its own: when the pre-rendered page is hydrated, React hydrates and commits
 * each boundary as a separate short task instead of the whole page in one long one.
 */
function HomeCard({ title, children, index, testId }: { title: string; children: ReactNode; index: number; testId?: string }) {
  return (
    <Suspense fallback={null}>
      <TitledCard title={title} testId={testId} sx={CARD_SX} style={{ animationDelay: `${index * 75}ms` }}>
        {children}
      </TitledCard>
    </Suspense>
  )
}

function SearchCard({ index }: { index: number }) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  return (
    <HomeCard title={t('browse.home.search.title')} index={index} testId="home-search">
      <GlobalSearch value={q} onChange={setQ} />
      <Button component={Link} to={paths.search.href(q.trim())} size="small" sx={{ mt: 1 }}>
        {t('browse.home.search.open')}
      </Button>
    </HomeCard>
  )
}

const QUICK = [
  { title: 'browse.home.quickStart.byItem', hint: 'browse.home.quickStart.byItemHint', href: paths.statsByItem.href(), icon: <GridView /> },
  { title: 'browse.home.quickStart.byStage', hint: 'browse.home.quickStart.byStageHint', href: paths.statsByStage.href(), icon: <Layers /> },
  { title: 'browse.home.quickStart.report', hint: 'browse.home.quickStart.reportHint', href: paths.reportByZone.href(), icon: <CloudUpload /> },
  { title: 'browse.home.quickStart.planner', hint: 'browse.home.quickStart.plannerHint', href: paths.planner.href(), icon: <Calculate /> },
] as const

export default function HomePage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('browse.home.intro.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <HomeCard title={t('browse.home.intro.heading')} index={0} testId="home-intro">
            <Typography sx={{ mb: 1 }}>{t('browse.home.intro.body')}</Typography>
            <Typography color="text.secondary">{t('browse.home.intro.compat')}</Typography>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <HomeCard title={t('browse.home.stats.title')} index={1} testId="home-stats">
            <ReportsCounter unit />
            <Button component={Link} to={paths.siteStats.href()} sx={{ mt: 1 }}>
              {t('browse.home.stats.more')}
            </Button>
          </HomeCard>
        </Grid>
        <Grid size={12}>
          <SearchCard index={2} />
        </Grid>
        <Grid size={12}>
          <HomeCard title={t('browse.home.now.title')} index={3} testId="home-now">
            <HomeNow />
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('notice.title')} index={4}>
            <Bulletin />
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('browse.home.quickStart.title')} index={5}>
            <Grid container spacing={1}>
              {QUICK.map((q) => (
                <Grid key={q.href} size={{ xs: 12, sm: 6 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={Link} to={q.href} sx={{ p: 1.5, display: 'flex', gap: 1.5, justifyContent: 'flex-start', height: '100%' }}>
                      {q.icon}
                      <div>
                        <Typography>{t(q.title)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(q.hint)}
                        </Typography>
                      </div>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('browse.home.contribute.title')} index={6}>
            <Typography color="text.secondary">{t('browse.home.contribute.body')}</Typography>
            <Button component={Link} to={paths.aboutContribute.href()} sx={{ mt: 1 }}>
              {t('browse.home.contribute.more')}
            </Button>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('browse.home.donate.title')} index={7}>
            <Typography color="text.secondary">{t('browse.home.donate.body')}</Typography>
            <Button component={Link} to={paths.aboutDonate.href()} sx={{ mt: 1 }}>
              {t('browse.home.donate.more')}
            </Button>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('browse.home.contact.title')} index={8}>
            <Typography color="text.secondary">{t('browse.home.contact.body')}</Typography>
            <Button component={Link} to={paths.aboutContact.href()} sx={{ mt: 1 }}>
              {t('browse.home.contact.more')}
            </Button>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title={t('browse.home.license.title')} index={9}>
            <Typography color="text.secondary">{t('browse.home.license.body')}</Typography>
            <Button href="https://creativecommons.org/licenses/by-nc/4.0/" target="_blank" rel="noreferrer noopener" sx={{ mt: 1 }}>
              {t('browse.home.license.link')}
            </Button>
          </HomeCard>
        </Grid>
      </Grid>
    </Stack>
  )
}
