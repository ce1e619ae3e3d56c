import MenuIcon from '@mui/icons-material/Menu'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Theme } from '@mui/material/styles'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { DRAWER_WIDTH } from '../../config/constants'
import { paths } from '../../config/paths'
import { AccountManager } from '../../features/account/account-manager'
import { NetworkStateIndicator } from '../../features/network/network-state-indicator'
import { ServerSelector } from '../../features/server/server-selector'
import { DemoBanner, MirrorBanner } from './banners'
import { loadPageLocales } from '../../lib/i18n'
import { whenIdle } from '../../lib/idle'
import type { ThemeStyle } from '../../lib/state'
import { LoadingOverlay } from '../../components/loading-overlay'
import { Footer } from './footer'
import { Navigation } from './navigation'
import { SkipLink } from './skip-link'
import { useRouteFocus } from './use-route-focus'

/** The main region: the skip link's target, where focus goes after a navigation. */
const MAIN_ID = 'main'

const MobileDrawer = lazy(() => import('./mobile-drawer'))
// Its strings (locales/shell) are in the page set of strings, which comes with it.
const SettingsDialog = lazy(() => Promise.all([import('../../features/settings/settings-dialog'), loadPageLocales()]).then(([m]) => ({ default: m.SettingsDialog })))

/** Drawer, top bar, banners, page, footer: the layout every route renders in. */
export function AppShell({ children, style, styles }: { children: ReactNode; style: ThemeStyle; styles: ThemeStyle[] }) {
  const { t } = useTranslation()
  const wide = useMediaQuery((th: Theme) => th.breakpoints.up('md'), { noSsr: true })
  const [mobileOpen, setMobileOpen] = useState(false)
  // The temporary drawer is loaded on the first press of the menu button and kept afterwards.
  const [mobileLoaded, setMobileLoaded] = useState(false)
  const [settings, setSettings] = useState(false)
  const { pathname } = useLocation()

  // Braces: recent Chromium returns a Promise from scrollTo, which React would then call as the cleanup
  // and fail on the next navigation.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  useRouteFocus(pathname, MAIN_ID)

  // On a narrow screen the menu's drawer code is fetched once the page is idle, so the first press opens it at once.
  useEffect(() => (wide ? undefined : whenIdle(() => void import('./mobile-drawer').catch(() => undefined))), [wide])

  const nav = <Navigation onNavigate={() => setMobileOpen(false)} onSettings={() => setSettings(true)} style={style} />
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink target={MAIN_ID} />
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }} enableColorOnDark>
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              onClick={() => {
                setMobileLoaded(true)
                setMobileOpen(!mobileOpen)
              }}
              aria-label={t('menu.open')}
              data-testid="menu-button"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component={Link} to={paths.home.href()} sx={{ color: 'inherit', textDecoration: 'none', flexShrink: 0 }}>
            {t('app.name')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <NetworkStateIndicator />
          <ServerSelector />
          <AccountManager />
        </Toolbar>
      </AppBar>
      <Box component="nav" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {wide ? (
          // The docked menu: what a permanent MUI Drawer draws (a fixed paper beside the page), without
          // the Drawer module, which also carries the modal machinery of the temporary variant.
          <Paper
            square
            elevation={0}
            className="MuiDrawer-paper"
            sx={{
              position: 'fixed',
              top: 0,
              bottom: 0,
              left: 0,
              width: DRAWER_WIDTH,
              boxSizing: 'border-box',
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
              zIndex: (th) => th.zIndex.drawer,
            }}
          >
            <Toolbar />
            {nav}
          </Paper>
        ) : (
          mobileLoaded && (
            <Suspense fallback={null}>
              <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)}>
                {nav}
              </MobileDrawer>
            </Suspense>
          )
        )}
      </Box>
      <Box component="main" id={MAIN_ID} sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <DemoBanner />
        <MirrorBanner />
        {/* At least one screen high: the footer starts below the fold, so a page filling in does not shift it on screen. */}
        <Box
          sx={{
            flexGrow: 1,
            p: { xs: 1.5, sm: 3 },
            maxWidth: 1200,
            width: '100%',
            mx: 'auto',
            boxSizing: 'border-box',
            minHeight: { xs: 'calc(100vh - 56px)', sm: 'calc(100vh - 64px)' },
          }}
        >
          <Suspense fallback={<LoadingOverlay />}>{children}</Suspense>
        </Box>
        {/* A boundary of its own: hydrated (a pre-rendered page) as a separate short task. */}
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </Box>
      {settings && (
        <Suspense fallback={null}>
          <SettingsDialog open={settings} onClose={() => setSettings(false)} style={style} styles={styles} />
        </Suspense>
      )}
    </Box>
  )
}
