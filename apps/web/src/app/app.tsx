import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { createBrowserRouter, Outlet, RouterProvider, useMatches } from 'react-router'
import { ConfirmDialog } from '../components/feedback/confirm-dialog'
import { GlobalSnackbar } from '../components/feedback/global-snackbar'
import { AppShell } from '../components/layout/app-shell'
import { RandomBackground } from '../components/random-background'
import { APP_NAME_SEPARATOR, TITLE_SEPARATOR } from '../config/constants'
import { env } from '../config/env'
import { ProbeMount } from '../features/probe/probe-mount'
import { OutdatedDialog, StorageWarning } from '../features/shell/banners'
import { useAppTheme } from '../features/settings/use-app-theme'
import { fetchBootData, queryClient } from '../lib/data'
import { changeLocale, isLocale, isSeaborn, seabornOf, baseOf, type Locale } from '../lib/i18n'
import { buildTitle, type RouteHandle } from './route-handle'
import { routes, RouteError } from './router'

const UpdatePrompt = lazy(() => import('../features/shell/update-prompt'))

function DocumentTitle() {
  const { t } = useTranslation()
  const matches = useMatches()
  const titles = matches.map((m) => (m.handle as RouteHandle | undefined)?.title).flatMap((k) => (k ? [t(k)] : []))
  const title = buildTitle(titles, t('app.name'), TITLE_SEPARATOR, APP_NAME_SEPARATOR)
  useEffect(() => {
    document.title = title
  }, [title])
  return null
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
  const blur = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.name === 'ErrorNotFound')
  useSeabornLocale(style)
  // The start-up data is requested at the first render, as before. Deferring it to idle time (tried)
  // left requests in flight when the e2e suite moves to the next address under load.
  useEffect(() => {
    void fetchBootData()
  }, [])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RandomBackground style={style} dark={theme.palette.mode === 'dark'} blur={blur} />
      <DocumentTitle />
      <ProbeMount />
      <AppShell style={style} styles={styles}>
        <Outlet />
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
    </ThemeProvider>
  )
}

const router = createBrowserRouter([{ path: '/', element: <Root />, errorElement: <RouteError />, children: [{ errorElement: <RouteError />, children: routes }] }])

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
