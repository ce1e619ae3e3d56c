import { pageHref } from '@dropwise/schemas/pages'

/**
 * Every route of the app: its pattern (relative to its parent, as React Router nests them), its
 * name from the spec, and an href builder. Nothing else builds route strings; the addresses the server serves or
 * redirects to as well (item, stage and report pages, search) come from `@dropwise/schemas`' `pageHref`.
 */
export const paths = {
  home: { name: 'Home', path: '/', href: () => '/' },
  report: { name: 'Report', path: '/report', href: () => '/report' },
  reportByZone: { name: 'ReportByZone', path: 'stage', href: () => '/report/stage' },
  reportByZoneSelected: {
    name: 'ReportByZone_Selected',
    path: ':zoneId/:stageId',
    href: pageHref.report,
  },
  recognitionReport: { name: 'RecognitionReport', path: 'recognition', href: () => '/report/recognition' },
  reportLegacy: { name: 'ReportLegacy', path: ':zoneId/:stageId', href: (zoneId: string, stageId: string) => `/report/${enc(zoneId)}/${enc(stageId)}` },
  stats: { name: 'Stats', path: '/result', href: () => '/result' },
  statsByStage: { name: 'StatsByStage', path: 'stage', href: () => '/result/stage' },
  statsByStageSelected: {
    name: 'StatsByStage_Selected',
    path: ':zoneId/:stageId',
    href: pageHref.stage,
  },
  statsByItem: { name: 'StatsByItem', path: 'item', href: () => '/result/item' },
  statsByItemSelected: { name: 'StatsByItem_SelectedItem', path: ':itemId', href: pageHref.item },
  planner: { name: 'Planner', path: '/planner', href: () => '/planner' },
  goals: { name: 'Goals', path: '/goals', href: () => '/goals' },
  guide: { name: 'Guide', path: '/guide', href: (itemId?: string) => (itemId ? `/guide?item=${enc(itemId)}` : '/guide') },
  advancedQuery: {
    name: 'AdvancedQuery',
    path: '/advanced',
    href: (stage?: string, items?: readonly string[]) => {
      const query = [stage ? `stage=${enc(stage)}` : '', items?.length ? `items=${items.map(enc).join(',')}` : ''].filter(Boolean).join('&')
      return query ? `/advanced?${query}` : '/advanced'
    },
  },
  search: { name: 'Search', path: '/search', href: pageHref.search },
  siteStats: { name: 'SiteStats', path: '/statistics', href: () => '/statistics' },
  about: { name: 'About', path: '/about', href: () => '/about' },
  aboutBulletin: { name: 'AboutBulletin', path: 'bulletin', href: () => '/about/bulletin' },
  aboutMembers: { name: 'AboutMembers', path: 'members', href: () => '/about/members' },
  aboutContribute: { name: 'AboutContribute', path: 'contribute', href: () => '/about/contribute' },
  aboutChangelog: { name: 'AboutChangelog', path: 'changelog', href: () => '/about/changelog' },
  aboutContact: { name: 'AboutContact', path: 'contact', href: () => '/about/contact' },
  aboutDonate: { name: 'AboutDonate', path: 'donate', href: () => '/about/donate' },
  aboutLinks: { name: 'AboutLinks', path: 'links', href: () => '/about/links' },
  aboutCredits: { name: 'AboutCredits', path: 'credits', href: () => '/about/credits' },
} as const

export type RouteKey = keyof typeof paths

function enc(s: string) {
  return encodeURIComponent(s)
}

/** Every concrete path a visitor can open, with sample params: used by the e2e suite and the PWA. */
export const samplePaths = (sample: { zoneId: string; stageId: string; itemId: string }) => [
  paths.home.href(),
  paths.reportByZone.href(),
  paths.reportByZoneSelected.href(sample.zoneId, sample.stageId),
  paths.recognitionReport.href(),
  paths.statsByStage.href(),
  paths.statsByStageSelected.href(sample.zoneId, sample.stageId),
  paths.statsByItem.href(),
  paths.statsByItemSelected.href(sample.itemId),
  paths.planner.href(),
  paths.goals.href(),
  paths.guide.href(),
  paths.advancedQuery.href(),
  paths.search.href('1-7'),
  paths.siteStats.href(),
  paths.aboutBulletin.href(),
  paths.aboutMembers.href(),
  paths.aboutContribute.href(),
  paths.aboutChangelog.href(),
  paths.aboutContact.href(),
  paths.aboutDonate.href(),
  paths.aboutLinks.href(),
  paths.aboutCredits.href(),
]
