import { describe, expect, it } from 'vitest'
import { createPendingCalls } from './pending-calls'

describe('pending worker calls', () => {
  it('answers each call by its id, once', async () => {
    const calls = createPendingCalls<string>()
    const ids: number[] = []
    const a = calls.call((id) => ids.push(id))
    const b = calls.call((id) => ids.push(id))
    expect(new Set(ids).size).toBe(2)
    calls.resolve(ids[1]!, 'second')
    calls.reject(ids[0]!, new Error('first failed'))
    calls.resolve(ids[1]!, 'again') // already answered: ignored
    await expect(b).resolves.toBe('second')
    await expect(a).rejects.toThrow('first failed')
  })

  it('fails every open call at once, and a call whose message cannot be sent', async () => {
    const calls = createPendingCalls<number>()
    const a = calls.call(() => undefined)
    const b = calls.call(() => undefined)
    calls.rejectAll(new Error('worker crashed'))
    await expect(a).rejects.toThrow('worker crashed')
    await expect(b).rejects.toThrow('worker crashed')
    await expect(
      calls.call(() => {
        throw new Error('DataCloneError')
      }),
    ).rejects.toThrow('DataCloneError')
  })
})
