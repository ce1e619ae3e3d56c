// @vitest-environment node
/**
 * Readable names in every UI language (issue 38 §6), in Chromium on our server: zones Penguin's snapshot
 * left in Chinese (KR-5's 熔炉“还魂”记, the CN-only chapter EP17 相变临界) read in the page's language, with
 * the names the importer filled from the toolbox locales (or, for EP17, its chapter code), in the page's
 * heading and title; no Chinese characters where English is shown. Where no source has a name in the page's
 * language, the Chinese one is shown with a note saying so.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasChromium, setUpServerAndBrowser, watch } from './harness'

const HAN = /\p{Script=Han}/u
const real = (problems: string[]) => problems.filter((p) => !(p.startsWith('requestfailed:') && p.endsWith('net::ERR_ABORTED')))

describe.skipIf(!hasChromium())('names in the UI language', () => {
  const e2e = setUpServerAndBrowser()

  /** The stage page's zone line (the overline above its heading) and the document title, once the stage is shown. */
  const stagePage = async (locale: string, zoneId: string, stageId: string) => {
    const ctx = await e2e.newContext({ locale, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
    const page: Page = await ctx.newPage()
    const problems = watch(page)
    await page.goto(`${e2e.server.url}/result/stage/${zoneId}/${stageId}`, { waitUntil: 'networkidle' })
    const heading = page.getByTestId('selected-stage')
    await heading.waitFor({ timeout: 30_000 })
    const overline = heading.locator('xpath=preceding-sibling::p[1]')
    await overline.waitFor({ timeout: 20_000 })
    return { zone: (await overline.innerText()).trim(), title: await page.title(), problems }
  }

  it.each([
    ['en-US', 'act17mini_zone1', 'act17mini_05', 'A Kazdelian Rescue'],
    ['en-US', 'main_17', 'main_17-01', 'EP17'],
    ['ja-JP', 'act17mini_zone1', 'act17mini_05', '溶炉「還魂」譚'],
    ['ko-KR', 'act17mini_zone1', 'act17mini_05', '카즈델리안 레스큐'],
  ])(
    '%s: %s (%s) is named %s',
    async (locale, zoneId, stageId, name) => {
      const { zone, title, problems } = await stagePage(locale, zoneId, stageId)
      expect(zone.toUpperCase()).toBe(name.toUpperCase())
      if (locale !== 'ja-JP') expect(HAN.test(zone)).toBe(false)
      expect(title).not.toContain('熔炉')
      expect(title).not.toContain('相变临界')
      expect(real(problems)).toEqual([])
    },
    60_000,
  )

  // Materials out on CN only have no name in the other languages anywhere (game tables and toolbox
  // locales): the page keeps the Chinese name and says so, in the page's language.
  it.each([
    ['en-US', '31103', '液化高能气体', /no English name yet/],
    ['ja-JP', '31103', '液化高能气体', /日本語名がありません/],
    ['ko-KR', '31114', '聚能动力单元', /한국어 이름이 없어/],
  ])(
    '%s: item %s keeps its Chinese name %s and says why',
    async (locale, itemId, name, note) => {
      const ctx = await e2e.newContext({ locale, viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' })
      const page: Page = await ctx.newPage()
      const problems = watch(page)
      await page.goto(`${e2e.server.url}/result/item/${itemId}`, { waitUntil: 'networkidle' })
      await expect.poll(() => page.getByTestId('selected-item').innerText(), { timeout: 30_000 }).toContain(name)
      await expect.poll(() => page.getByTestId('name-fallback').innerText(), { timeout: 10_000 }).toMatch(note)
      // A name the game has in the language says nothing.
      await page.goto(`${e2e.server.url}/result/item/30012`, { waitUntil: 'networkidle' })
      await page.getByTestId('selected-item').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('name-fallback').count()).toBe(0)
      expect(real(problems)).toEqual([])
    },
    60_000,
  )
})
