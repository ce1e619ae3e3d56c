import type { Plugin } from 'vite'

/** The MUI modules that build a default theme as they are imported (MUI 9). */
const MODULES = [/\/@mui\/material\/styles\/defaultTheme\.m?js$/, /\/@mui\/material\/Box\/Box\.m?js$/]
const EAGER = 'const defaultTheme = createTheme();'

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

/** The build's transform: MUI's eager default themes become {@link lazyDefaultTheme}s. */
export const lazyMuiTheme = (): Plugin => ({
  name: 'dropwise-lazy-mui-theme',
  enforce: 'pre',
  transform(code, id) {
    if (!MODULES.some((m) => m.test(id.split('?')[0] ?? ''))) return null
    if (!code.includes(EAGER)) this.error(`dropwise-lazy-mui-theme: ${id} no longer builds its default theme as expected`)
    return {
      code: code.replace(EAGER, `const defaultTheme = (${lazyDefaultTheme.toString()})(() => createTheme());`),
      map: null,
    }
  },
})
