import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { lazy, type ComponentType, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { matchRoutes, Navigate, useParams, type RouteObject } from 'react-router'
import { paths } from '../config/paths'
import { loadPageLocales } from '../lib/i18n'
import { withTimeout } from './lazy'
import type { RouteHandle } from './route-handle'

/** Each page element's loader, so the page of the address being opened can start loading at once. */
const preloaders = new WeakMap<ReactElement, () => Promise<unknown>>()

/**
 * A lazily loaded page (120 s chunk timeout); the shell's Suspense shows the loading overlay.
 * Pages but home also wait for the page locale set (see lib/i18n.ts).
 */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType, { locales = 'pages' }: { locales?: 'start' | 'pages' } = {}) => {
  let pending: Promise<{ default: ComponentType }> | undefined
  const loadOnce = () =>
    (pending ??= withTimeout(() => Promise.all([load(), locales === 'pages' ? loadPageLocales() : null]).then(([m]) => ({ default: pick(m) })))().catch(
      (err: unknown) => {
        pending = undefined
        throw err
      },
    ))
  // Once loaded (preloadPage, before a pre-rendered page is hydrated), the page resolves at its first
  // render: a thenable that calls back at once, which React.lazy takes synchronously. A pending
  // page would leave its part of the pre-rendered markup to be hydrated later, and any update
  // reaching it first would make React render it afresh.
  let loaded: { default: ComponentType } | undefined
  const Component = lazy(() =>
    loaded ? ({ then: (done: (m: { default: ComponentType }) => void) => done(loaded!) } as unknown as Promise<{ default: ComponentType }>) : loadOnce(),
  )
  const preload = () => loadOnce().then((m) => void (loaded = m))
  const element = <Component />
  preloaders.set(element, preload)
  return element
}

/** Starts loading the page chunks (and strings) of `pathname` before the router renders. */
export const preloadPage = (pathname: string): Promise<unknown> =>
  Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((m) => {
      const load = m.route.element ? preloaders.get(m.route.element as ReactElement) : undefined
      return load?.().catch(() => undefined)
    }),
  )
// One module per feature (each lazily loaded); the route table below is the only place that names them.
const stats = () => import('../features/results/stats-pages')
const stageSelect = () => import('../features/results/stage-select-page')
const report = () => import('../features/report/report-pages')
const recognition = () => import('../features/recognition/recognition-page')
const planner = () => import('../features/planner/planner-page')
const goals = () => import('../features/planner/goals/goals-page')
const guide = () => import('../features/guide/guide-page')
const advanced = () => import('../features/advanced/advanced-page')
const search = () => import('../features/search/search-page')
const siteStats = () => import('../features/site-stats/site-stats-page')
const about = () => import('../features/about/about-pages')

/** The legacy report path /report/{zoneId}/{stageId} goes to the stage report with the same params. */
function LegacyReportRedirect() {
  const { zoneId, stageId } = useParams()
  return <Navigate replace to={zoneId && stageId ? paths.reportByZoneSelected.href(zoneId, stageId) : paths.reportByZone.href()} />
}
const redirectTo = (href: string) => <Navigate replace to={href} />

/**
 * A page that could not load (its chunk failed or timed out): the notice in an error alert's look,
 * drawn from the start code only, since loading anything more is what just failed.
 */
export function RouteError() {
  const { t } = useTranslation()
  return (
    <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1, borderRadius: 1, bgcolor: 'error.main', color: 'error.contrastText' }}>
      <ErrorOutline />
      <Box sx={{ flexGrow: 1 }}>{t('fetch.chunk.failed')}</Box>
      <Button color="inherit" onClick={() => location.reload()}>
        {t('dialog.reload')}
      </Button>
    </Box>
  )
}

const h = (handle: RouteHandle) => handle

/** The route table (spec 000 §2, spec 001 §2), children of the shell layout. */
export const routes: RouteObject[] = [
  {
    index: true,
    handle: h({ name: paths.home.name }),
    element: page(
      () => import('../features/home/home-page'),
      (m) => m.default,
      { locales: 'start' },
    ),
  },
  {
    path: paths.report.path,
    handle: h({ name: paths.report.name, title: 'menu.report' }),
    children: [
      { index: true, element: redirectTo(paths.reportByZone.href()) },
      {
        path: paths.reportByZone.path,
        handle: h({ name: paths.reportByZone.name, title: 'menu.reportByZone' }),
        children: [
          { index: true, element: page(report, (m) => m.ReportByZone) },
          { path: paths.reportByZoneSelected.path, handle: h({ name: paths.reportByZoneSelected.name }), element: page(report, (m) => m.ReportByZoneSelected) },
        ],
      },
      {
        path: paths.recognitionReport.path,
        handle: h({ name: paths.recognitionReport.name, title: 'menu.recognition', beta: true }),
        element: page(recognition, (m) => m.RecognitionReport),
      },
      { path: paths.reportLegacy.path, handle: h({ name: paths.reportLegacy.name, hide: true }), element: <LegacyReportRedirect /> },
    ],
  },
  {
    path: paths.stats.path,
    handle: h({ name: paths.stats.name, title: 'menu.stats' }),
    children: [
      { index: true, element: redirectTo(paths.home.href()) },
      {
        path: paths.statsByStage.path,
        handle: h({ name: paths.statsByStage.name, title: 'menu.statsByStage' }),
        children: [
          { index: true, element: page(stageSelect, (m) => m.StatsByStage) },
          { path: paths.statsByStageSelected.path, handle: h({ name: paths.statsByStageSelected.name }), element: page(stats, (m) => m.StatsByStageSelected) },
        ],
      },
      {
        path: paths.statsByItem.path,
        handle: h({ name: paths.statsByItem.name, title: 'menu.statsByItem' }),
        children: [
          { index: true, element: page(stats, (m) => m.StatsByItem) },
          { path: paths.statsByItemSelected.path, handle: h({ name: paths.statsByItemSelected.name }), element: page(stats, (m) => m.StatsByItemSelected) },
        ],
      },
    ],
  },
  { path: paths.planner.path, handle: h({ name: paths.planner.name, title: 'menu.planner' }), element: page(planner, (m) => m.Planner) },
  { path: paths.goals.path, handle: h({ name: paths.goals.name, title: 'menu.goals' }), element: page(goals, (m) => m.GoalsPage) },
  { path: paths.guide.path, handle: h({ name: paths.guide.name, title: 'menu.guide' }), element: page(guide, (m) => m.GuidePage) },
  {
    path: paths.advancedQuery.path,
    handle: h({ name: paths.advancedQuery.name, title: 'menu.advancedQuery', beta: true }),
    element: page(advanced, (m) => m.AdvancedQuery),
  },
  { path: paths.search.path, handle: h({ name: paths.search.name, title: 'menu.search' }), element: page(search, (m) => m.SearchPage) },
  { path: paths.siteStats.path, handle: h({ name: paths.siteStats.name, title: 'menu.siteStats' }), element: page(siteStats, (m) => m.SiteStats) },
  {
    path: paths.about.path,
    handle: h({ name: paths.about.name, title: 'menu.about' }),
    children: [
      { index: true, element: redirectTo(paths.home.href()) },
      { path: paths.aboutBulletin.path, handle: h({ name: paths.aboutBulletin.name, title: 'menu.bulletin' }), element: page(about, (m) => m.AboutBulletin) },
      { path: paths.aboutMembers.path, handle: h({ name: paths.aboutMembers.name, title: 'menu.members' }), element: page(about, (m) => m.AboutMembers) },
      {
        path: paths.aboutContribute.path,
        handle: h({ name: paths.aboutContribute.name, title: 'menu.contribute', hide: true }),
        element: page(about, (m) => m.AboutContribute),
      },
      { path: paths.aboutChangelog.path, handle: h({ name: paths.aboutChangelog.name, title: 'menu.changelog' }), element: page(about, (m) => m.AboutChangelog) },
      { path: paths.aboutContact.path, handle: h({ name: paths.aboutContact.name, title: 'menu.contact', hide: true }), element: page(about, (m) => m.AboutContact) },
      { path: paths.aboutDonate.path, handle: h({ name: paths.aboutDonate.name, title: 'menu.donate', hide: true }), element: page(about, (m) => m.AboutDonate) },
      { path: paths.aboutLinks.path, handle: h({ name: paths.aboutLinks.name, title: 'menu.links' }), element: page(about, (m) => m.AboutLinks) },
      { path: paths.aboutCredits.path, handle: h({ name: paths.aboutCredits.name, title: 'menu.credits' }), element: page(about, (m) => m.AboutCredits) },
    ],
  },
  {
    path: '*',
    handle: h({ name: 'ErrorNotFound', title: 'menu.notFound' }),
    element: page(
      () => import('./routes/not-found'),
      (m) => m.default,
      { locales: 'start' },
    ),
  },
]
