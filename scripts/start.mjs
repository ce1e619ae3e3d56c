// `npm start`: one process serving the API and the web app on PORT (default 8080).
// Builds what is missing first — the web app builds in the background while the API already answers.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const root = fileURLToPath(new URL('..', import.meta.url))
const webIndex = `${root}apps/web/dist/index.html`

if (!existsSync(`${root}data/seed/manifest.json`)) {
  console.error('data/seed/ is missing: run `npm run import -- --raw ../shared/data/raw` first.')
  process.exit(1)
}

register()
const { parseEnv } = await import('../apps/server/src/config/env.ts')
const { exitOnStartupError, StartupError } = await import('../apps/server/src/config/startup-error.ts')
const { checkDataDirLock } = await import('../apps/server/src/db/data-dir-lock.ts')

/** Rejects with a StartupError when HOST:PORT is taken (e.g. by a running server). */
const checkPortFree = (host, port) =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    // Only "in use" is decided here; any other listen error is the server's to report.
    probe.once('error', (err) =>
      err.code === 'EADDRINUSE'
        ? reject(new StartupError(`Cannot listen on ${host}:${port}: the address is already in use (is another Dropwise running?). Set PORT to another value.`))
        : resolve(),
    )
    probe.listen(port, host, () => probe.close(() => resolve()))
  })

// A second `npm start` is refused here, before it could start a web build over the first one's files:
// bad variables, a data folder another process holds, a port in use. The server checks again for real.
try {
  const env = parseEnv()
  if (!env.DATABASE_URL) await checkDataDirLock(env.DATA_DIR)
  if (env.PORT !== 0) await checkPortFree(env.HOST, env.PORT)
} catch (err) {
  exitOnStartupError(err)
}

if (!existsSync(webIndex)) {
  const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  build.on('exit', (code) => {
    if (code !== 0) console.error(`web build failed (exit ${code}); the API keeps running. Run \`npm run build\` to retry.`)
  })
  process.on('exit', () => build.exitCode === null && build.kill())
}

await import('../apps/server/src/server.ts')
