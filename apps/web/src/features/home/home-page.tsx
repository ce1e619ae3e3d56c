import Calculate from '@mui/icons-material/Calculate'
import CloudUpload from '@mui/icons-material/CloudUpload'
import GridView from '@mui/icons-material/GridView'
import Layers from '@mui/icons-material/Layers'
import Search from '@mui/icons-material/Search'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import InputAdornment from '@mui/material/InputAdornment'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../config/paths'
import { useDataset } from '../../lib/data'
import { Bulletin } from '../notices/bulletin'

function HomeCard({ title, children }: { title: ParseKeys; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}

function StatsOverview() {
  const { t, i18n } = useTranslation()
  const stats = useDataset('stats')
  const total = stats.data?.totalStageTimes_24h.reduce((s, r) => s + r.times, 0) ?? 0
  return (
    <HomeCard title="home.stats.title">
      <Typography variant="h3" component="p" data-testid="stats-24h">
        {total > 0 ? new Intl.NumberFormat(i18n.language).format(total) : t('home.stats.none')}
      </Typography>
      <Typography color="text.secondary">{t('home.stats.reports')}</Typography>
      <Button component={Link} to={paths.siteStats.href()} sx={{ mt: 1 }}>
        {t('home.stats.more')}
      </Button>
    </HomeCard>
  )
}

function SearchCard() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  return (
    <Card>
      <CardContent>
        <TextField
          fullWidth
          placeholder={t('search.placeholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void navigate(paths.search.href(q.trim()))}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> },
            htmlInput: { 'aria-label': t('search.placeholder') },
          }}
        />
      </CardContent>
    </Card>
  )
}

const QUICK = [
  { title: 'home.quickStart.byItem', hint: 'home.quickStart.byItemHint', href: paths.statsByItem.href(), icon: <GridView /> },
  { title: 'home.quickStart.byStage', hint: 'home.quickStart.byStageHint', href: paths.statsByStage.href(), icon: <Layers /> },
  { title: 'home.quickStart.report', hint: 'home.quickStart.reportHint', href: paths.reportByZone.href(), icon: <CloudUpload /> },
  { title: 'home.quickStart.planner', hint: 'home.quickStart.plannerHint', href: paths.planner.href(), icon: <Calculate /> },
] as const

export default function HomePage() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('home.intro.title')}
      </Typography>
      <Typography color="text.secondary">{t('home.intro.body')}</Typography>
      <SearchCard />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <HomeCard title="notice.title">
            <Bulletin />
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StatsOverview />
        </Grid>
        <Grid size={12}>
          <HomeCard title="home.quickStart.title">
            <Grid container spacing={1}>
              {QUICK.map((q) => (
                <Grid key={q.href} size={{ xs: 12, sm: 6, md: 3 }}>
                  <Card variant="outlined">
                    <CardActionArea component={Link} to={q.href} sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
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
          <HomeCard title="home.contribute.title">
            <Typography color="text.secondary">{t('home.contribute.body')}</Typography>
          </HomeCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <HomeCard title="home.license.title">
            <Typography color="text.secondary">{t('home.license.body')}</Typography>
          </HomeCard>
        </Grid>
      </Grid>
    </Stack>
  )
}
