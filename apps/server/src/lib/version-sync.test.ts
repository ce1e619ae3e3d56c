import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../testing/server-process'
import { createDataVersion } from './data-version'
import { connectRedis } from './redis'
import { followVersion } from './version-sync'

const hasRedis = spawnSync('redis-server', ['--version']).status === 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const quiet = { info: () => {}, warn: () => {} }

// Redis down when the server starts: following the version must not fail the start (the subscription used
// to be refused at once, without an offline queue), and the subscription is made once Redis is up.
describe.skipIf(!hasRedis)('followVersion with Redis down at start-up', () => {
  let redisServer: ChildProcess | null = null
  const cleanups: (() => void)[] = []
  afterAll(async () => {
    cleanups.forEach((c) => c())
    if (redisServer && redisServer.exitCode === null) {
      const exited = new Promise((r) => redisServer?.once('exit', r))
      redisServer.kill('SIGKILL')
      await exited
    }
  })

  it('starts without Redis and follows the versions published once it is up', async () => {
    const port = await freePort()
    const url = `redis://127.0.0.1:${port}`
    const { subscriber, disconnect } = connectRedis(url, quiet, { subscriber: true })
    cleanups.push(disconnect)
    const version = createDataVersion(1)
    const stop = await followVersion({ version, subscriber, readVersion: () => Promise.reject(new Error('no database here')), onPollError: () => {} })
    cleanups.push(stop)
    redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    const publisher = new Redis(url, { maxRetriesPerRequest: 1 })
    publisher.on('error', () => {})
    cleanups.push(() => publisher.disconnect())
    const deadline = Date.now() + 15_000
    while (version.get() !== 7) {
      if (Date.now() > deadline) throw new Error(`version still ${version.get()}`)
      await publisher.publish('dropwise:aggregates-version', '7').catch(() => 0)
      await sleep(200)
    }
    expect(version.get()).toBe(7)
  }, 30_000)
})
