import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { getPriority } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

/** A thread's nice value from /proc/<pid>/task/<tid>/stat (field 19), read from inside the thread. */
const niceOfThread = () => `Number(require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16])`

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('lowers the worker thread to nice 19 and leaves the main thread as it was', async () => {
    const before = getPriority()
    const tsxApi = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
    const helper = new URL('./thread-priority.ts', import.meta.url).href
    const code = `
      const { parentPort } = require('node:worker_threads')
      import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(helper)}) }).then((h) => {
        const was = ${niceOfThread()}
        const lowered = h.lowerThreadPriority()
        parentPort.postMessage({ was, lowered, now: ${niceOfThread()} })
      })`
    const worker = new Worker(code, { eval: true })
    const result = await new Promise<{ was: number; lowered: boolean; now: number }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(result.lowered).toBe(true)
    expect(result.now).toBe(19)
    expect(result.was).toBe(before)
    // The main thread (and so the server's request path) keeps its priority.
    expect(getPriority()).toBe(before)
    const mainStat = readFileSync('/proc/thread-self/stat', 'utf8')
    expect(Number(mainStat.split(') ')[1]?.split(' ')[16])).toBe(before)
  })
})
