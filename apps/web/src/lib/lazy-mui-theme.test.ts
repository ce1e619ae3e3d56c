// @vitest-environment node
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createTheme } from '@mui/material/styles'
import { describe, expect, it, vi } from 'vitest'
import { lazyDefaultTheme, lazyMuiTheme } from '../../build-plugins/lazy-mui-theme'

describe("MUI's module-level themes and number format, built on first use (build-plugins/lazy-mui-theme.ts)", () => {
  it('builds nothing until read, then once, and reads like the theme', () => {
    const make = vi.fn(() => createTheme())
    const theme = lazyDefaultTheme(make) as ReturnType<typeof createTheme>
    expect(make).not.toHaveBeenCalled()
    expect(theme.palette.primary.main).toBe(createTheme().palette.primary.main)
    expect(theme.spacing(2)).toBe('16px')
    expect('breakpoints' in theme).toBe(true)
    expect(Object.keys(theme)).toEqual(Object.keys(createTheme()))
    expect({ ...theme }.shape).toEqual({ borderRadius: 4 })
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('finds each eager construction in this MUI, and only there', () => {
    const plugin = lazyMuiTheme()
    const transform = plugin.transform as (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | null
    const ctx = {
      error: (m: string): never => {
        throw new Error(m)
      },
    }
    const root = dirname(createRequire(import.meta.url).resolve('@mui/material'))
    for (const [mod, eager, lazy] of [
      ['styles/defaultTheme.mjs', 'const defaultTheme = createTheme();', 'theme ??= make()'],
      ['Box/Box.mjs', 'const defaultTheme = createTheme();', 'theme ??= make()'],
      ['TablePagination/TablePagination.mjs', "const formatNumber = buildFormatNumber('en-US');", "eagerFormatNumber ??= buildFormatNumber('en-US')"],
    ] as const) {
      const file = join(root, mod)
      const out = transform.call(ctx, readFileSync(file, 'utf8'), file)
      expect(out?.code, mod).not.toContain(eager)
      expect(out?.code, mod).toContain(lazy)
    }
    expect(transform.call(ctx, 'const x = 1', '/app/src/main.tsx')).toBeNull()
    expect(() => transform.call(ctx, 'export default {}', '/x/node_modules/@mui/material/styles/defaultTheme.mjs')).toThrow(/no longer reads/)
  })
})
