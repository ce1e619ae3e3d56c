import Box from '@mui/material/Box'
import BarChart from '@mui/icons-material/BarChart'
import Calculate from '@mui/icons-material/Calculate'
import CloudUpload from '@mui/icons-material/CloudUpload'
import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Explore from '@mui/icons-material/Explore'
import Flag from '@mui/icons-material/Flag'
import Home from '@mui/icons-material/Home'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Insights from '@mui/icons-material/Insights'
import Refresh from '@mui/icons-material/Refresh'
import Search from '@mui/icons-material/Search'
import Settings from '@mui/icons-material/Settings'
import Translate from '@mui/icons-material/Translate'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import ListSubheader from '@mui/material/ListSubheader'
import type { ParseKeys } from 'i18next'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { paths } from '../../config/paths'
import { forceRefresh } from '../../lib/data'
import { BASE_LOCALES, baseOf, isLocale } from '../../lib/i18n'
import type { ThemeStyle } from '../../lib/state'
import { useSettings } from '../../lib/state-hooks'
import { chooseLocale } from '../../features/settings/choose-locale'
import { Pill } from '../../components/pill'

export interface MenuEntry {
  title: ParseKeys
  href: string
  icon?: ReactNode
  beta?: boolean
  hide?: boolean
  overline?: ParseKeys
  children?: MenuEntry[]
}

/** The drawer menu (spec 000 §2 "Menu"); entries marked hide are left out. */
export const MENU: MenuEntry[] = [
  { title: 'menu.home', href: paths.home.href(), icon: <Home /> },
  {
    title: 'menu.stats',
    href: paths.stats.href(),
    icon: <BarChart />,
    children: [
      { title: 'menu.statsByItem', href: paths.statsByItem.href() },
      { title: 'menu.statsByStage', href: paths.statsByStage.href() },
      { title: 'menu.advancedQuery', href: paths.advancedQuery.href(), beta: true },
    ],
  },
  {
    title: 'menu.report',
    href: paths.report.href(),
    icon: <CloudUpload />,
    children: [
      { title: 'menu.reportByZone', href: paths.reportByZone.href() },
      { title: 'menu.recognition', href: paths.recognitionReport.href(), beta: true },
    ],
  },
  { title: 'menu.planner', href: paths.planner.href(), icon: <Calculate />, overline: 'menu.plannerOverline' },
  { title: 'menu.goals', href: paths.goals.href(), icon: <Flag /> },
  { title: 'menu.guide', href: paths.guide.href(), icon: <Explore />, overline: 'menu.guideOverline' },
  { title: 'menu.search', href: paths.search.href(), icon: <Search /> },
  { title: 'menu.siteStats', href: paths.siteStats.href(), icon: <Insights /> },
  {
    title: 'menu.about',
    href: paths.about.href(),
    icon: <InfoOutlined />,
    children: [
      { title: 'menu.bulletin', href: paths.aboutBulletin.href() },
      { title: 'menu.changelog', href: paths.aboutChangelog.href() },
      { title: 'menu.contact', href: paths.aboutContact.href(), hide: true },
      { title: 'menu.contribute', href: paths.aboutContribute.href(), hide: true },
      { title: 'menu.credits', href: paths.aboutCredits.href() },
      { title: 'menu.donate', href: paths.aboutDonate.href(), hide: true },
      { title: 'menu.links', href: paths.aboutLinks.href() },
      { title: 'menu.members', href: paths.aboutMembers.href() },
    ],
  },
]

/**
 * A group's entries slide in when it opens (MUI's Collapse animates the height too, but its module is
 * 1.3 KB gzip of the first load for this alone); no motion for visitors who prefer less.
 */
const UNFOLD_SX = {
  '@media (prefers-reduced-motion: no-preference)': { animation: 'dropwise-unfold 200ms ease-out' },
  '@keyframes dropwise-unfold': { from: { opacity: 0, transform: 'translateY(-8px)' }, to: { opacity: 1, transform: 'none' } },
} as const

export const visibleMenu = (menu: MenuEntry[]): MenuEntry[] => menu.filter((e) => !e.hide).map((e) => (e.children ? { ...e, children: visibleMenu(e.children) } : e))

function Entry({ entry, depth, onNavigate }: { entry: MenuEntry; depth: number; onNavigate: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const active = entry.href === '/' ? pathname === '/' : pathname.startsWith(entry.href)
  const [open, setOpen] = useState(active)
  const text = (
    <ListItemText
      primary={
        <>
          {t(entry.title)}
          {entry.beta && <Pill label={t('menu.beta')} color="secondary" dense />}
        </>
      }
      secondary={entry.overline ? t(entry.overline) : undefined}
    />
  )
  if (entry.children?.length)
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setOpen(!open)} selected={active && !open} aria-expanded={open}>
          {entry.icon && <ListItemIcon>{entry.icon}</ListItemIcon>}
          {text}
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        {open && (
          <List disablePadding sx={UNFOLD_SX}>
            {entry.children.map((c) => (
              <Entry key={c.href} entry={c} depth={depth + 1} onNavigate={onNavigate} />
            ))}
          </List>
        )}
      </ListItem>
    )
  // A list holds list items only (axe `list`): each link sits in its own <li>.
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={entry.href} selected={active} onClick={onNavigate} sx={{ pl: 2 + depth * 4 }}>
        {entry.icon && <ListItemIcon>{entry.icon}</ListItemIcon>}
        {text}
      </ListItemButton>
    </ListItem>
  )
}

const LANGUAGE_KEYS = { zh: 'languageNames.zh', en: 'languageNames.en', ja: 'languageNames.ja', ko: 'languageNames.ko' } as const

export function Navigation({ onNavigate, onSettings, style }: { onNavigate: () => void; onSettings: () => void; style: ThemeStyle }) {
  const { t, i18n } = useTranslation()
  const lowData = useSettings((s) => s.lowData)
  const [languages, setLanguages] = useState(false)
  const current = isLocale(i18n.language) ? baseOf(i18n.language) : 'zh'
  return (
    <Box component="nav" aria-label={t('menu.open')}>
      <List>
        {visibleMenu(MENU).map((e) => (
          <Entry key={e.href} entry={e} depth={0} onNavigate={onNavigate} />
        ))}
        <ListSubheader disableSticky>{t('menu.settings')}</ListSubheader>
        <ListItem disablePadding>
          <ListItemButton onClick={onSettings} data-testid="open-settings">
            <ListItemIcon>
              <Settings />
            </ListItemIcon>
            <ListItemText primary={t('menu.settings')} />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding sx={{ display: 'block' }}>
          <ListItemButton onClick={() => setLanguages(!languages)} aria-expanded={languages} data-testid="open-languages">
            <ListItemIcon>
              <Translate />
            </ListItemIcon>
            <ListItemText primary={t('menu.languages')} secondary={t(LANGUAGE_KEYS[current])} />
            {languages ? <ExpandLess /> : <ExpandMore />}
          </ListItemButton>
          {languages && (
            <List disablePadding sx={UNFOLD_SX}>
              {BASE_LOCALES.map((l) => (
                <ListItem key={l} disablePadding>
                  <ListItemButton selected={l === current} sx={{ pl: 9 }} lang={l} onClick={() => chooseLocale(l, style)} data-testid={`menu-language-${l}`}>
                    <ListItemText primary={t(LANGUAGE_KEYS[l])} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton onClick={() => void forceRefresh()} data-testid="refresh-data">
            <ListItemIcon>
              <Refresh />
            </ListItemIcon>
            <ListItemText primary={t('menu.refreshData')} secondary={lowData ? t('settings.optimization.lowDataActive') : undefined} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  )
}
