/**
 * The web app's page addresses that the server serves, renders or redirects to as well (rendered item, stage and
 * report pages, short links, the pages' own links): one definition for both sides.
 */
const enc = encodeURIComponent

/** Route patterns with `:param` segments, as Fastify and React Router write them. */
export const PAGE_ROUTES = {
  item: '/result/item/:itemId',
  stage: '/result/stage/:zoneId/:stageId',
  report: '/report/stage/:zoneId/:stageId',
} as const

/** The address of each page. */
export const pageHref = {
  itemList: () => '/result/item',
  stageList: () => '/result/stage',
  planner: () => '/planner',
  item: (itemId: string) => `/result/item/${enc(itemId)}`,
  stage: (zoneId: string, stageId: string) => `/result/stage/${enc(zoneId)}/${enc(stageId)}`,
  report: (zoneId: string, stageId: string) => `/report/stage/${enc(zoneId)}/${enc(stageId)}`,
  search: (q?: string) => (q ? `/search?q=${enc(q)}` : '/search'),
} as const

export type PageAddress = { kind: 'item'; itemId: string } | { kind: 'stage' | 'report'; zoneId: string; stageId: string }

const pattern = (route: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '([^/]+)')}/?$`)
const PATTERNS = { item: pattern(PAGE_ROUTES.item), stage: pattern(PAGE_ROUTES.stage), report: pattern(PAGE_ROUTES.report) }

const decoded = (segment: string | undefined): string | null => {
  try {
    return segment === undefined ? null : decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** The item, stage or report page at `pathname` (its segments decoded), or null for any other address or a bad escape. */
export const parsePageAddress = (pathname: string): PageAddress | null => {
  const item = PATTERNS.item.exec(pathname)
  if (item) {
    const itemId = decoded(item[1])
    return itemId === null ? null : { kind: 'item', itemId }
  }
  for (const kind of ['stage', 'report'] as const) {
    const m = PATTERNS[kind].exec(pathname)
    if (!m) continue
    const [zoneId, stageId] = [decoded(m[1]), decoded(m[2])]
    return zoneId === null || stageId === null ? null : { kind, zoneId, stageId }
  }
  return null
}
