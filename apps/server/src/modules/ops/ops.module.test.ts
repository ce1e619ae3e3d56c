import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { StartupError } from '../../config/startup-error'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { readAboutFile } from './ops.module'

const dir = mkdtempSync(join(tmpdir(), 'dropwise-about-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const CONTENT = { email: 'ops@example.org', members: [{ name: 'Kal’tsit', role: 'maintainer' }], text_i18n: { members: { ko: '운영진' } } }

describe('ABOUT_FILE', () => {
  it('refuses a missing, non-JSON or invalid file with the reason', async () => {
    await expect(readAboutFile(join(dir, 'none.json'))).rejects.toThrow(/cannot read .*ENOENT/)
    await expect(readAboutFile(file('broken.json', '{"email": '))).rejects.toThrow(StartupError)
    await expect(readAboutFile(file('bad.json', JSON.stringify({ members: [{ name: 'x', role: 'king' }] })))).rejects.toThrow(/members\.0\.role/)
  })

  describe.each(dbTargets())('on $name', (target) => {
    let ctx: TestContext | undefined
    afterAll(async () => ctx?.close())

    it('sets the about content at start, served on GET /api/_/about, and audits it once', async () => {
      const path = file('about.json', JSON.stringify(CONTENT))
      ctx = await createTestContext(target, { app: { ops: { token: 'x'.repeat(16), aboutFile: path } } })
      const about = (await ctx.app.inject({ method: 'GET', url: '/api/_/about' })).json()
      expect(about.content).toEqual({ ...CONTENT, chat: [], donate: [] })
      const audit = (await ctx.app.inject({ method: 'GET', url: '/api/_/ops/audit', headers: { authorization: `Bearer ${'x'.repeat(16)}` } })).json()
      expect(audit.entries).toEqual([expect.objectContaining({ action: 'about.set', actor: 'file:about.json', before: null })])
    })
  })
})
