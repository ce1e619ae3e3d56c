import { constants, setPriority } from 'node:os'

/**
 * Gives the calling worker thread the lowest CPU priority (nice 19), for batch work (the game-data
 * derivation, the recognizer pack build): on a busy host it takes only the CPU the request path leaves.
 * On Linux a thread is its own scheduling entity and `setPriority(0, …)` changes the calling thread only,
 * so the server's main thread keeps its priority. Elsewhere the call would lower the whole process, so it
 * is made on Linux only. Returns whether the priority was lowered. Call it only from a worker thread.
 */
export const lowerThreadPriority = (): boolean => {
  if (process.platform !== 'linux') return false
  try {
    setPriority(0, constants.priority.PRIORITY_LOW)
    return true
  } catch {
    // not permitted: the work runs at normal priority
    return false
  }
}
