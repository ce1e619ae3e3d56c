import { describe, expect, it } from 'vitest'
import { createWorkerClient, type WorkerPort } from './worker-client'

type In = { id: number; n: number }
type Out = { id: number; ok: true; double: number } | { id: number; ok: false; message: string }

/** A worker stand-in: records messages and whether it was stopped; the test answers. */
const fakeWorker = () => {
  const sent: In[] = []
  let terminated = false
  const w: WorkerPort<In, Out> = {
    onmessage: null,
    onerror: null,
    postMessage: (m) => void sent.push(m),
    terminate: () => void (terminated = true),
  }
  const reply = (m: Out) => w.onmessage?.({ data: m } as MessageEvent<Out>)
  return { w, sent, reply, terminated: () => terminated }
}

const setup = () => {
  const workers: ReturnType<typeof fakeWorker>[] = []
  const failures: string[] = []
  const client = createWorkerClient<In, Out, number>({
    spawn: () => {
      const fake = fakeWorker()
      workers.push(fake)
      return fake.w
    },
    crashMessage: 'the test worker could not start',
    onFail: (e) => void failures.push(e.message),
    onMessage: (m, calls) => (m.ok ? calls.resolve(m.id, m.double) : calls.reject(m.id, new Error(m.message))),
  })
  return { client, workers, failures }
}

describe('worker client', () => {
  it('starts one worker at the first message and answers each call by its id', async () => {
    const { client, workers } = setup()
    expect(workers).toHaveLength(0)
    const a = client.call((id) => ({ id, n: 2 }))
    const b = client.call((id) => ({ id, n: 5 }))
    expect(workers).toHaveLength(1)
    const [ma, mb] = workers[0]!.sent as [In, In]
    expect(ma.id).not.toBe(mb.id)
    workers[0]!.reply({ id: mb.id, ok: false, message: 'too big' })
    workers[0]!.reply({ id: ma.id, ok: true, double: 4 })
    await expect(a).resolves.toBe(4)
    await expect(b).rejects.toThrow('too big')
  })

  it('fails every waiting call when the worker dies, stops it, and starts a new one at the next message', async () => {
    const { client, workers, failures } = setup()
    const waiting = client.call((id) => ({ id, n: 1 }))
    workers[0]!.w.onerror?.({ message: '' } as ErrorEvent)
    await expect(waiting).rejects.toThrow('the test worker could not start')
    expect(failures).toEqual(['the test worker could not start'])
    expect(workers[0]!.terminated()).toBe(true)
    client.post({ id: 0, n: 0 })
    expect(workers).toHaveLength(2)
    expect(workers[1]!.sent).toEqual([{ id: 0, n: 0 }])
  })

  it('fails calls without stopping the worker, and disposes', async () => {
    const { client, workers, failures } = setup()
    client.start()
    const first = client.call((id) => ({ id, n: 1 }))
    client.fail(new Error('data replaced'))
    await expect(first).rejects.toThrow('data replaced')
    expect(workers[0]!.terminated()).toBe(false)
    const second = client.call((id) => ({ id, n: 2 }))
    client.dispose()
    await expect(second).rejects.toThrow('disposed')
    expect(failures).toEqual(['data replaced', 'disposed'])
    expect([workers.length, workers[0]!.terminated()]).toEqual([1, true])
  })
})
