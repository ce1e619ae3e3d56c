import type { Server } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { paths } from '../../../config/paths'
import { useDataset } from '../../../lib/data'
import { formatRelative } from '../../../lib/format'
import { useHydrated } from '../../../lib/hydration'
import { localized } from '../../../lib/i18n'
import { useSampleBasis } from '../../../lib/use-sample-basis'
import { useDataSource } from '../../../lib/state-hooks'
import { useGameData } from '../../../lib/use-game-data'
import { eventsOn, formatDuration, type EventWindow } from '../utils/events'

const SERVER_KEYS = { CN: 'server.servers.CN', US: 'server.servers.US', JP: 'server.servers.JP', KR: 'server.servers.KR' } as const
/** Rows per list at most: a server runs two or three events at once; more would push the page down. */
const MAX_ROWS = 3
/** The time left is in minutes at its finest. */
const TICK_MS = 30_000

const useNow = (enabled: boolean) => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!enabled) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(id)
  }, [enabled])
  return now
}

/** A day in the visitor's time zone, or in UTC for instants the data gives as a day (the history's end, the game data's date). */
const longDate = (ms: number, locale: string, timeZone?: 'UTC') => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(ms)
const dateTime = (ms: number, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms)

function EventRow({ w, children, title }: { w: EventWindow; children: ReactNode; title?: string }) {
  const { t, i18n } = useTranslation()
  const name = localized(w.zone.zoneName_i18n, w.zone.zoneName, i18n.language)
  const first = w.zone.stages[0]
  return (
    <Box component="li" data-testid="home-event" data-zone-id={w.zone.zoneId} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline', py: 0.25 }}>
      {first ? (
        // Typography as the link, not MUI's Link: one module less in the home page's first load.
        <Typography component={RouterLink} to={paths.statsByStageSelected.href(w.zone.zoneId, first)} color="primary" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
      ) : (
        <Typography component="span">{name}</Typography>
      )}
      <Typography component="span" variant="body2" color="text.secondary" data-testid="home-event-time" title={title} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {t('browse.home.now.stages', { count: w.zone.stages.length })}
      </Typography>
    </Box>
  )
}

function EventList({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {heading}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {children}
      </Box>
    </Box>
  )
}

function Events({ server, now }: { server: Server; now: number }) {
  const { t, i18n } = useTranslation()
  const zones = useDataset('zones')
  if (!zones.data) return null
  const { open, upcoming, lastClosed } = eventsOn(zones.data, server, now)
  const serverName = t(SERVER_KEYS[server])
  const lang = i18n.language
  return (
    <div data-testid="home-events">
      {open.length > 0 ? (
        <EventList heading={t('browse.home.now.openNow', { server: serverName })}>
          {open.slice(0, MAX_ROWS).map((w) => (
            <EventRow key={w.zone.zoneId} w={w} title={Number.isFinite(w.closeTime) ? t('browse.home.now.closesAt', { date: dateTime(w.closeTime, lang) }) : undefined}>
              {Number.isFinite(w.closeTime) ? t('browse.home.now.endsIn', { duration: formatDuration(w.closeTime - now, lang) }) : null}
            </EventRow>
          ))}
        </EventList>
      ) : (
        <Typography sx={{ mb: 1 }} data-testid="home-events-none">
          {t('browse.home.now.noneOpen', { server: serverName })}
        </Typography>
      )}
      {upcoming.length > 0 ? (
        <EventList heading={t('browse.home.now.upcoming', { server: serverName })}>
          {upcoming.slice(0, MAX_ROWS).map((w) => (
            <EventRow key={w.zone.zoneId} w={w} title={t('browse.home.now.opensAt', { date: dateTime(w.openTime, lang) })}>
              {t('browse.home.now.opensIn', { duration: formatDuration(w.openTime - now, lang) })}
            </EventRow>
          ))}
        </EventList>
      ) : (
        open.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('browse.home.now.noneUpcoming')}
          </Typography>
        )
      )}
      {open.length === 0 && lastClosed && (
        <EventList heading={t('browse.home.now.lastClosed', { server: serverName })}>
          <EventRow w={lastClosed}>
            {t('browse.home.now.closedOn', { date: longDate(lastClosed.closeTime, lang), ago: formatRelative(lastClosed.closeTime, lang, now) })}
          </EventRow>
        </EventList>
      )}
    </div>
  )
}

/** How current the drop history (`/basis`: the imported history's date, reports since) and the game data (`/api/_/data`) are. */
function DataAge({ server, now }: { server: Server; now: number }) {
  const { t, i18n } = useTranslation()
  const basis = useSampleBasis(server, null)
  const game = useGameData()
  const lang = i18n.language
  const reported = basis.data ? basis.data.reported.automated.reports + basis.data.reported.manual.reports : 0
  const until = basis.data?.imported.until ?? null
  return (
    <div data-testid="home-data-age">
      {basis.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} data-testid="home-history-age">
          {until === null
            ? t('browse.home.now.historyLocal', { count: reported })
            : t('browse.home.now.history', { count: reported, date: longDate(until, lang, 'UTC') })}
        </Typography>
      )}
      {game.data && (
        <Typography variant="body2" color="text.secondary" data-testid="home-game-data-age">
          {t('browse.home.now.gameData', { date: longDate(game.data.asOf, lang, 'UTC'), ago: formatRelative(game.data.asOf, lang, now), version: game.data.version })}
        </Typography>
      )}
    </div>
  )
}

/**
 * The home page's "what is on and how current is this": the chosen server's open and upcoming events
 * with the time left (or the last one that closed), and the age of the drop history and game data.
 * The pre-rendered page has the space only (the lists and the clock are the visitor's); the height is
 * kept so nothing below moves when they arrive.
 */
export function HomeNow() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { server } = useDataSource()
  const now = useNow(hydrated)
  return (
    <Grid container spacing={2}>
      {/* Each column keeps the height of its usual content (two lists of one event; two lines of age), so neither moves the other. */}
      <Grid size={{ xs: 12, md: 7 }} sx={{ minHeight: { xs: '8.5rem', md: '7.5rem' } }}>
        {hydrated && <Events server={server} now={now} />}
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minHeight: '7.5rem' }}>
        <Typography variant="subtitle2" component="h3">
          {t('browse.home.now.current')}
        </Typography>
        {hydrated && <DataAge server={server} now={now} />}
      </Grid>
    </Grid>
  )
}
