/** The sources of one directive of a Content-Security-Policy header (`script-src` → `'self'`, hashes…), or []. */
export const cspSources = (csp: unknown, directive: string): string[] =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith(`${directive} `))
    ?.split(' ')
    .slice(1) ?? []
