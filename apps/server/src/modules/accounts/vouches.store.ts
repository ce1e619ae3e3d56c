import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * PenguinIDs an address has been seen using with success (a login, a personal answer, a report, the
 * account it was given): that address may go on using them while its identity budget is spent by
 * others' guesses. Only ids that name an account are ever vouched for, so a guesser gains nothing.
 */
export interface VouchStore {
  has(address: string, penguinId: string): Promise<boolean>
  add(address: string, penguinId: string): Promise<void>
  remove(address: string, penguinId: string): Promise<void>
}

export const VOUCH_TTL_MS = 24 * 60 * 60 * 1000
const MEMORY_LIMIT = 200_000

const pairKey = (address: string, penguinId: string) => createHash('sha256').update(`${address}\n${penguinId}`).digest('base64url').slice(0, 22)

/** This process's vouches: bounded (the oldest go first), each kept for `ttlMs` after its last use. */
export const createMemoryVouchStore = (clock: () => number, ttlMs = VOUCH_TTL_MS, limit = MEMORY_LIMIT): VouchStore => {
  const until = new Map<string, number>()
  const put = (key: string) => {
    until.delete(key)
    if (until.size >= limit) until.delete(until.keys().next().value as string)
    until.set(key, clock() + ttlMs)
  }
  return {
    async has(address, penguinId) {
      const key = pairKey(address, penguinId)
      const expires = until.get(key)
      if (expires === undefined) return false
      if (expires <= clock()) {
        until.delete(key)
        return false
      }
      put(key)
      return true
    },
    async add(address, penguinId) {
      put(pairKey(address, penguinId))
    },
    async remove(address, penguinId) {
      until.delete(pairKey(address, penguinId))
    },
  }
}

/**
 * Shared by every process through Redis; this process's memory is used as well, so a player keeps their
 * vouch while Redis is unreachable (and a vouch made then is known here only).
 */
export const createRedisVouchStore = (redis: Redis, memory: VouchStore, ttlMs = VOUCH_TTL_MS): VouchStore => {
  const redisKey = (address: string, penguinId: string) => `dropwise:vouch:${pairKey(address, penguinId)}`
  return {
    async has(address, penguinId) {
      if (await memory.has(address, penguinId)) return true
      const found = await redis.pexpire(redisKey(address, penguinId), ttlMs).catch(() => 0)
      if (found === 1) await memory.add(address, penguinId)
      return found === 1
    },
    async add(address, penguinId) {
      await memory.add(address, penguinId)
      await redis.set(redisKey(address, penguinId), '1', 'PX', ttlMs).catch(() => {})
    },
    async remove(address, penguinId) {
      await memory.remove(address, penguinId)
      await redis.del(redisKey(address, penguinId)).catch(() => {})
    },
  }
}

/** Redis (shared, with this process's memory beside it) when configured, else this process's memory. */
export const createVouchStore = (redis: Redis | null, clock: () => number): VouchStore =>
  redis ? createRedisVouchStore(redis, createMemoryVouchStore(clock)) : createMemoryVouchStore(clock)
