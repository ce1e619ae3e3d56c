import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { lazy, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { paths } from '../config/paths'
import { withTimeout } from './lazy'
import type { RouteHandle } from './route-handle'

/** A lazily loaded page (120 s chunk timeout); the shell's Suspense shows the loading overlay. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => {
  const Component = lazy(withTimeout(() => load().then((m) => ({ default: pick(m) }))))
  return <Component />
}
const stats = () => import('./routes/stats-pages')
const report = () => import('./routes/report-pages')
const misc = () => import('./routes/misc-pages')

/** The legacy report path /report/{zoneId}/{stageId} goes to the stage report with the same params. */
const legacyReportRedirect = ({ params }: LoaderFunctionArgs) =>
  redirect(params.zoneId && params.stageId ? paths.reportByZoneSelected.href(params.zoneId, params.stageId) : paths.reportByZone.href())
const redirectTo = (href: string) => () => redirect(href)

export function RouteError() {
  const { t } = useTranslation()
  return (
    <Alert severity="error" action={<Button onClick={() => location.reload()}>{t('dialog.reload')}</Button>}>
      {t('fetch.chunk.failed')}
    </Alert>
  )
}

const h = (handle: RouteHandle) => handle

/** The route table (spec 000 §2, spec 001 §2), children of the shell layout. */
export const routes: RouteObject[] = [
  { index: true, handle: h({ name: paths.home.name }), element: page(() => import('../features/home/home-page'), (m) => m.default) },
  {
    path: paths.report.path,
    handle: h({ name: paths.report.name, title: 'menu.report' }),
    children: [
      { index: true, loader: redirectTo(paths.reportByZone.href()) },
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
        element: page(report, (m) => m.RecognitionReport),
      },
      { path: paths.reportLegacy.path, handle: h({ name: paths.reportLegacy.name, hide: true }), loader: legacyReportRedirect },
    ],
  },
  {
    path: paths.stats.path,
    handle: h({ name: paths.stats.name, title: 'menu.stats' }),
    children: [
      { index: true, loader: redirectTo(paths.home.href()) },
      {
        path: paths.statsByStage.path,
        handle: h({ name: paths.statsByStage.name, title: 'menu.statsByStage' }),
        children: [
          { index: true, element: page(stats, (m) => m.StatsByStage) },
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
  { path: paths.planner.path, handle: h({ name: paths.planner.name, title: 'menu.planner' }), element: page(misc, (m) => m.Planner) },
  {
    path: paths.advancedQuery.path,
    handle: h({ name: paths.advancedQuery.name, title: 'menu.advancedQuery', beta: true }),
    element: page(misc, (m) => m.AdvancedQuery),
  },
  { path: paths.search.path, handle: h({ name: paths.search.name, title: 'menu.search', hide: true }), element: page(misc, (m) => m.SearchPage) },
  { path: paths.siteStats.path, handle: h({ name: paths.siteStats.name, title: 'menu.siteStats' }), element: page(misc, (m) => m.SiteStats) },
  {
    path: paths.about.path,
    handle: h({ name: paths.about.name, title: 'menu.about' }),
    children: [
      { index: true, loader: redirectTo(paths.home.href()) },
      { path: paths.aboutBulletin.path, handle: h({ name: paths.aboutBulletin.name, title: 'menu.bulletin' }), element: page(misc, (m) => m.AboutBulletin) },
      { path: paths.aboutMembers.path, handle: h({ name: paths.aboutMembers.name, title: 'menu.members' }), element: page(misc, (m) => m.AboutMembers) },
      {
        path: paths.aboutContribute.path,
        handle: h({ name: paths.aboutContribute.name, title: 'menu.contribute', hide: true }),
        element: page(misc, (m) => m.AboutContribute),
      },
      { path: paths.aboutChangelog.path, handle: h({ name: paths.aboutChangelog.name, title: 'menu.changelog' }), element: page(misc, (m) => m.AboutChangelog) },
      { path: paths.aboutContact.path, handle: h({ name: paths.aboutContact.name, title: 'menu.contact', hide: true }), element: page(misc, (m) => m.AboutContact) },
      { path: paths.aboutDonate.path, handle: h({ name: paths.aboutDonate.name, title: 'menu.donate', hide: true }), element: page(misc, (m) => m.AboutDonate) },
      { path: paths.aboutLinks.path, handle: h({ name: paths.aboutLinks.name, title: 'menu.links' }), element: page(misc, (m) => m.AboutLinks) },
      { path: paths.aboutCredits.path, handle: h({ name: paths.aboutCredits.name, title: 'menu.credits' }), element: page(misc, (m) => m.AboutCredits) },
    ],
  },
  { path: '*', handle: h({ name: 'ErrorNotFound', title: 'menu.notFound' }), element: page(() => import('./routes/not-found'), (m) => m.default) },
]
