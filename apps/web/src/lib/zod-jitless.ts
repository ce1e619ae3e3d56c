/**
 * zod (loaded with the lazy pages) compiles fast object validators with `new Function` when it may,
 * and finds out whether it may by trying `new Function('')`. Under the server's Content-Security-Policy
 * (no 'unsafe-eval', apps/server plugins/security-headers.ts) that try is refused and reported as a
 * violation even though zod catches it. `jitless` makes zod skip the try and validate without
 * compiling. zod keeps its global configuration on `globalThis.__zod_globalConfig`: set here, before
 * zod is loaded, so the start-up code need not import zod (`z.config` would pull it into the first load).
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
;(scope.__zod_globalConfig ??= {}).jitless = true
