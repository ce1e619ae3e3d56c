import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** `.gz` and `.br` beside a file of at least 1 KB. */
export const writeCompressed = (file: string) => {
  const body = readFileSync(file)
  if (body.length < 1024) return
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }))
}

/**
 * Writes `.br` and `.gz` next to every text asset of the build: the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so the JavaScript travels at its gzip/brotli
 * size without compressing on every request.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'dropwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const file of walk(outDir)) if (/\.(js|mjs|css|svg|json|webmanifest|txt)$/.test(file)) writeCompressed(file)
    },
  }
}
