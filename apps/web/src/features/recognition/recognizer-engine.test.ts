import type { RecognitionResult } from '@dropwise/recognizer'
import { describe, expect, it } from 'vitest'
import type { FromWorker, ToWorker } from './protocol'
import { createRecognizerEngine, RecognitionFailure, type WorkerLike } from './recognizer-engine'

/** A worker stand-in: records messages; the test answers them. */
const fakeWorker = () => {
  const sent: ToWorker[] = []
  let terminated = false
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (m: ToWorker) => void sent.push(m),
    terminate: () => void (terminated = true),
  }
  const reply = (m: FromWorker) => w.onmessage?.({ data: m } as MessageEvent<FromWorker>)
  return { w, sent, reply, terminated: () => terminated }
}

const result = { fingerprint: 'f' } as RecognitionResult
const info = { templates: 3, servers: ['CN'], tag: 't', ms: 1 }

describe('recognizer engine', () => {
  it('loads the pack once and answers each screenshot by id', async () => {
    const fake = fakeWorker()
    let spawned = 0
    const engine = createRecognizerEngine(() => (spawned++, fake.w))
    const ready = engine.init('https://x/pack/')
    expect(engine.init('https://x/pack/')).toBe(ready)
    fake.reply({ type: 'ready', info })
    await expect(ready).resolves.toEqual(info)
    const a = engine.recognize(new Blob(['a']), 'CN', 1)
    const b = engine.recognize(new Blob(['b']), 'US', 2)
    expect(fake.sent.map((m) => m.type)).toEqual(['init', 'recognize', 'recognize'])
    const [, ma, mb] = fake.sent as [ToWorker, Extract<ToWorker, { type: 'recognize' }>, Extract<ToWorker, { type: 'recognize' }>]
    expect([ma.server, ma.at, mb.server, mb.at]).toEqual(['CN', 1, 'US', 2])
    fake.reply({ type: 'failed', id: mb.id, message: 'bad image', decode: true })
    fake.reply({ type: 'result', id: ma.id, result, width: 1280, height: 720, decodeMs: 5, recognizeMs: 40 })
    await expect(a).resolves.toMatchObject({ result, width: 1280, recognizeMs: 40 })
    const failure = await b.catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RecognitionFailure)
    expect((failure as RecognitionFailure).decode).toBe(true)
    expect(spawned).toBe(1)
  })

  it('lets a failed pack load be retried, and fails pending work when the worker dies', async () => {
    const fake = fakeWorker()
    const engine = createRecognizerEngine(() => fake.w)
    const first = engine.init('https://x/pack/')
    fake.reply({ type: 'init-failed', message: 'HTTP 404' })
    await expect(first).rejects.toThrow('HTTP 404')
    const second = engine.init('https://x/pack/')
    expect(second).not.toBe(first)
    const pending = engine.recognize(new Blob(['a']), 'CN', 1)
    fake.w.onerror?.({ message: 'crashed' } as ErrorEvent)
    await expect(second).rejects.toThrow('crashed')
    await expect(pending).rejects.toThrow('crashed')
    expect(fake.terminated()).toBe(true)
  })
})
