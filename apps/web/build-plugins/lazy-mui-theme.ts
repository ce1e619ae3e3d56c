import type { Plugin } from 'vite'

const THEME = 'const defaultTheme = createTheme();'
/**
 * What MUI 9 builds as its modules are evaluated that the app need not: code to find, and what it becomes.
 * Each costs the evaluation task it sits in (one task per chunk: blocking time on a phone).
 */
const EAGER: { module: RegExp; code: string; lazy: () => string }[] = [
  // Two default themes (4-7 ms), for components rendered outside a ThemeProvider.
  { module: /\/@mui\/material\/styles\/defaultTheme\.m?js$/, code: THEME, lazy: () => lazyThemeCode },
  { module: /\/@mui\/material\/Box\/Box\.m?js$/, code: THEME, lazy: () => lazyThemeCode },
  // An Intl.NumberFormat for its default "1–10 of 100" label (10-13 ms: the first number format of a page
  // loads its locale data), which the app replaces (`labelDisplayedRows`) where it shows a pagination.
  {
    module: /\/@mui\/material\/TablePagination\/TablePagination\.m?js$/,
    code: "const formatNumber = buildFormatNumber('en-US');",
    lazy: () => "let eagerFormatNumber;\nconst formatNumber = (value) => (eagerFormatNumber ??= buildFormatNumber('en-US'))(value);",
  },
]

/**
 * A stand-in for MUI's default theme that builds it on first use. MUI builds two default themes while its
 * modules are evaluated (`styles/defaultTheme`, and `Box`'s own), 4-7 ms of the start chunk's evaluation
 * (one task: blocking time on a phone), for components rendered outside a ThemeProvider. The app renders
 * every component inside its own theme (app/app.tsx), so here they are never built; a component
 * rendered without one (a unit test) gets the same theme as before, built then.
 */
export const lazyDefaultTheme = (make: () => object): object => {
  let theme: object | undefined
  const real = () => (theme ??= make())
  return new Proxy(
    {},
    {
      get: (_target, key) => Reflect.get(real(), key),
      has: (_target, key) => Reflect.has(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_target, key) => {
        const d = Reflect.getOwnPropertyDescriptor(real(), key)
        return d && { ...d, configurable: true }
      },
    },
  )
}

const lazyThemeCode = `const defaultTheme = (${lazyDefaultTheme.toString()})(() => createTheme());`

/** The build's transform: {@link EAGER}'s constructions made on first use. */
export const lazyMuiTheme = (): Plugin => ({
  name: 'dropwise-lazy-mui-theme',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0] ?? ''
    const eager = EAGER.filter((e) => e.module.test(file))
    if (eager.length === 0) return null
    let out = code
    for (const e of eager) {
      if (!out.includes(e.code)) this.error(`dropwise-lazy-mui-theme: ${id} no longer reads \`${e.code}\``)
      out = out.replace(e.code, e.lazy())
    }
    return { code: out, map: null }
  },
})
