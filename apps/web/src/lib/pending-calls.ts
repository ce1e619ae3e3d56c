/**
 * Calls sent to a Web Worker that wait for their answer, by id: the bookkeeping the planner and the
 * recognizer engines share (their message protocols differ, so each keeps its own onmessage).
 */
export const createPendingCalls = <R>() => {
  let nextId = 1
  const pending = new Map<number, { resolve: (r: R) => void; reject: (e: Error) => void }>()
  return {
    /** A new call: `post` sends its message with the id; a throw there rejects the answer. */
    call(post: (id: number) => void): Promise<R> {
      const id = nextId++
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        try {
          post(id)
        } catch (e) {
          pending.delete(id)
          reject(e instanceof Error ? e : new Error(String(e)))
        }
      })
    },
    resolve(id: number, value: R) {
      pending.get(id)?.resolve(value)
      pending.delete(id)
    },
    reject(id: number, error: Error) {
      pending.get(id)?.reject(error)
      pending.delete(id)
    },
    rejectAll(error: Error) {
      for (const p of pending.values()) p.reject(error)
      pending.clear()
    },
  }
}
