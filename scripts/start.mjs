// `npm start`: one process serving the API and the web app on PORT (default 8080).
// Builds what is missing first — the web app builds in the background while the API already answers.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const root = fileURLToPath(new URL('..', import.meta.url))
const webIndex = `${root}apps/web/dist/index.html`

if (!existsSync(`${root}data/seed/manifest.json`)) {
  console.error('data/seed/ is missing: run `npm run import -- --raw ../shared/data/raw` first.')
  process.exit(1)
}

if (!existsSync(webIndex)) {
  const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  build.on('exit', (code) => {
    if (code !== 0) console.error(`web build failed (exit ${code}); the API keeps running. Run \`npm run build\` to retry.`)
  })
  process.on('exit', () => build.exitCode === null && build.kill())
}

register()
await import('../apps/server/src/server.ts')
