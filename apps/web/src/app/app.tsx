import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/system'
import { QueryClientProvider } from '@tanstack/react-query'
import { Component, lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { matchRoutes, Outlet, unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes } from 'react-router'
import { ConfirmDialog } from '../components/feedback/confirm-dialog'
import { GlobalSnackbar } from '../components/feedback/global-snackbar'
import { ItemArtProvider } from '../components/item-art'
import { AppShell } from './shell/app-shell'
import { RandomBackground } from '../components/random-background'
import { APP_NAME_SEPARATOR, TITLE_SEPARATOR } from '../config/constants'
import { env } from '../config/env'
import { paths } from '../config/paths'
import { ProbeMount } from './probe-mount'
import { OutdatedDialog, StorageWarning } from './shell/banners'
import { useAppTheme } from '../features/settings/use-app-theme'
import { fetchBootDataWhenIdle, queryClient, useDataset, watchGameData } from '../lib/data'
import { prerenderKey, rememberPrerenderVariant } from '../lib/hydration'
import { changeLocale, isLocale, isSeaborn, localized, seabornOf, baseOf, type Locale } from '../lib/i18n'
import { appHistory } from '../lib/history'
import { buildTitle, type RouteHandle } from './route-handle'
import { routes, RouteError } from './router'

const UpdatePrompt = lazy(() => import('./shell/update-prompt'))

/** The handles of the routes matching an address, outermost first. */
const routeHandles = (pathname: string): RouteHandle[] => (matchRoutes(routes, pathname) ?? []).flatMap((m) => (m.route.handle ? [m.route.handle as RouteHandle] : []))

/**
 * The document title of an address (the pre-render writes it into the page too). `subject` are the
 * titles of what the page shows, outermost first (a stage's zone, then its code), known once the
 * datasets have loaded: they go before the route titles, so each item and stage tab reads its own name.
 */
export const pageTitle = (pathname: string, t: TFunction, subject: readonly string[] = []) =>
  buildTitle([...routeHandles(pathname).flatMap((h) => (h.title ? [t(h.title)] : [])), ...subject], t('app.name'), TITLE_SEPARATOR, APP_NAME_SEPARATOR)

type PageSubject = { kind: 'item'; itemId: string } | { kind: 'stage'; zoneId: string; stageId: string }

/** The item or stage an address shows (its innermost route), or null. */
export const pageSubject = (pathname: string): PageSubject | null => {
  const last = (matchRoutes(routes, pathname) ?? []).at(-1)
  const name = (last?.route.handle as RouteHandle | undefined)?.name
  const { itemId, zoneId, stageId } = last?.params ?? {}
  if (name === paths.statsByItemSelected.name && itemId) return { kind: 'item', itemId }
  if ((name === paths.statsByStageSelected.name || name === paths.reportByZoneSelected.name) && zoneId && stageId) return { kind: 'stage', zoneId, stageId }
  return null
}

function useRouteHandles(): RouteHandle[] {
  const { pathname } = useLocation()
  return useMemo(() => routeHandles(pathname), [pathname])
}

function TitleEffect({ subject = [] }: { subject?: readonly string[] }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const title = pageTitle(pathname, t, subject)
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

// The datasets are read only on the pages that show them, which load them anyway.
function ItemTitle({ itemId }: { itemId: string }) {
  const { i18n } = useTranslation()
  const item = useDataset('items').data?.find((i) => i.itemId === itemId)
  return <TitleEffect subject={item ? [localized(item.name_i18n, item.name, i18n.language)] : []} />
}

function StageTitle({ zoneId, stageId }: { zoneId: string; stageId: string }) {
  const { i18n } = useTranslation()
  const stage = useDataset('stages').data?.find((s) => s.stageId === stageId)
  const zone = useDataset('zones').data?.find((z) => z.zoneId === zoneId)
  const subject = stage ? [...(zone ? [localized(zone.zoneName_i18n, zone.zoneName, i18n.language)] : []), localized(stage.code_i18n, stage.code, i18n.language)] : []
  return <TitleEffect subject={subject} />
}

function DocumentTitle() {
  const { pathname } = useLocation()
  const subject = useMemo(() => pageSubject(pathname), [pathname])
  if (subject?.kind === 'item') return <ItemTitle itemId={subject.itemId} />
  if (subject?.kind === 'stage') return <StageTitle zoneId={subject.zoneId} stageId={subject.stageId} />
  return <TitleEffect />
}

/** Seaborn maps the active locale to its variant; leaving maps it back (not saved). */
function useSeabornLocale(style: string) {
  const { i18n } = useTranslation()
  useEffect(() => {
    const current: Locale = isLocale(i18n.language) ? i18n.language : 'zh'
    const wanted = style === 'seaborn' ? seabornOf(current) : baseOf(current)
    if (wanted !== current && (style === 'seaborn' || isSeaborn(current))) void changeLocale(wanted)
  }, [style, i18n])
}

function Root() {
  const { theme, style, styles } = useAppTheme()
  const blur = useRouteHandles().some((h) => h.name === 'ErrorNotFound')
  useSeabornLocale(style)
  // The start-up datasets (web-reference row 1) once the first screen is up and the page is idle; the
  // page on screen requests its own data at once. Those no page shows are fetched, checked and stored
  // by the dataset worker without being parsed on the page (lib/data.ts `warmDataset`).
  useEffect(() => fetchBootDataWhenIdle(), [])
  // A new game-data version (a sync brought an event) reaches an open page without a reload.
  useEffect(() => watchGameData(), [])
  // The start screen beside a pre-rendered page that did not fit (index.html `pre-off`) goes with the first render.
  useEffect(() => {
    document.getElementById('boot')?.remove()
    document.documentElement.classList.remove('pre-off')
  }, [])
  // The pre-rendered variant of `/` the server sends next time: this language and colour mode.
  const { i18n } = useTranslation()
  const mode = theme.palette.mode
  // What @mui/material's ThemeProvider passes on for a theme without CSS variables; @mui/system's
  // provider, used directly, leaves MUI's CSS-variables provider (~10 KB) out of the start chunk.
  const providedTheme = useMemo(() => ({ ...theme, vars: null }), [theme])
  useEffect(() => rememberPrerenderVariant(prerenderKey(baseOf(isLocale(i18n.language) ? i18n.language : 'zh'), mode)), [i18n.language, mode])
  return (
    <ThemeProvider theme={providedTheme}>
      <ItemArtProvider>
        <CssBaseline />
        <RandomBackground style={style} dark={theme.palette.mode === 'dark'} blur={blur} />
        <DocumentTitle />
        <ProbeMount />
        <AppShell style={style} styles={styles}>
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        </AppShell>
        <GlobalSnackbar />
        <ConfirmDialog />
        <OutdatedDialog />
        <StorageWarning />
        {env.production && (
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        )}
      </ItemArtProvider>
    </ThemeProvider>
  )
}

/** A page that fails to load or render (e.g. its chunk cannot be fetched) shows the reload notice; another address starts afresh. */
class PageErrorBoundaryInner extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}
function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <PageErrorBoundaryInner key={pathname}>{children}</PageErrorBoundaryInner>
}

/**
 * React Router's declarative router over our history (lib/history.ts, which also does the
 * navigation blocking): its data router is about 17 KB gzip more, for loaders, actions and fetchers
 * the app does not use. Redirects are <Navigate> routes (app/router.tsx).
 */
const ROUTE_TREE = [{ path: '/', element: <Root />, children: routes }]
function AppRoutes() {
  return useRoutes(ROUTE_TREE)
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={appHistory}>
        <AppRoutes />
      </HistoryRouter>
    </QueryClientProvider>
  )
}
