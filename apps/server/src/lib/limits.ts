import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { tooManyRequests } from './errors'

/**
 * A budget of `points` per `durationSec` and key (the client address). With Redis it is shared by every
 * process; while Redis is unreachable each process falls back to its own in-memory budget of the same size
 * (rate-limiter-flexible's insurance limiter), so limits keep holding and writes keep working.
 */
export interface Budget {
  readonly points: number
  readonly durationSec: number
  /**
   * Takes `cost` points; throws 429 TOO_MANY_REQUESTS (with Retry-After on `reply`) when the budget is spent.
   * `announce: false` leaves out the X-RateLimit headers (a second budget on a request that has its own).
   */
  take(key: string, cost: number, reply?: FastifyReply, opts?: { announce?: boolean }): Promise<void>
  /** Gives back points taken by `take` (a request that turned out not to count). */
  refund(key: string, points: number): Promise<void>
  /** Throws 429 when the budget is already spent, without taking anything. */
  check(key: string, reply?: FastifyReply): Promise<void>
}

export interface BudgetOptions {
  name: string
  points: number
  durationSec: number
  redis?: Redis | null
  /** What the 429 says (what the budget is for). */
  message: string
}

export const createBudget = (opts: BudgetOptions): Budget => {
  const memory = new RateLimiterMemory({ keyPrefix: opts.name, points: opts.points, duration: opts.durationSec })
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({
        storeClient: opts.redis,
        keyPrefix: `dropwise:rl:${opts.name}`,
        points: opts.points,
        duration: opts.durationSec,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory

  const refuse = (res: RateLimiterRes, reply?: FastifyReply) => {
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000))
    reply?.header('Retry-After', String(seconds))
    return tooManyRequests(`${opts.message}; retry in ${seconds} s`)
  }

  return {
    points: opts.points,
    durationSec: opts.durationSec,
    async take(key, cost, reply, takeOpts) {
      if (cost <= 0) return
      try {
        const res = await limiter.consume(key, cost)
        if (takeOpts?.announce === false) return
        reply?.header('X-RateLimit-Limit', String(opts.points))
        reply?.header('X-RateLimit-Remaining', String(res.remainingPoints))
      } catch (err) {
        if (err instanceof RateLimiterRes) throw refuse(err, reply)
        throw err
      }
    },
    async refund(key, points) {
      if (points > 0) await limiter.reward(key, points).catch(() => memory.reward(key, points))
    },
    async check(key, reply) {
      const res = await limiter.get(key).catch(() => memory.get(key))
      if (res && res.consumedPoints >= opts.points) throw refuse(res, reply)
    },
  }
}

/** The address a budget is kept for: the socket peer, or what the trusted proxy says (Fastify's `trustProxy`). */
export const budgetKey = (req: FastifyRequest) => req.ip

export interface Budgets {
  /** Every stored report, recall and defect upload, across routes and both API prefixes. */
  writes: Budget
  /** Logins and PenguinIDs that name no account. */
  identity: Budget
  /** Advanced queries (each may scan raw reports). */
  advanced: Budget
}

export interface BudgetSizes {
  writesPerMinute: number
  identityPerMinute: number
  advancedPer5Minutes: number
}

export const createBudgets = (sizes: BudgetSizes, redis: Redis | null): Budgets => ({
  writes: createBudget({
    name: 'writes',
    points: sizes.writesPerMinute,
    durationSec: 60,
    redis,
    message: `too many reports from this address (at most ${sizes.writesPerMinute} a minute)`,
  }),
  identity: createBudget({
    name: 'identity',
    points: sizes.identityPerMinute,
    durationSec: 60,
    redis,
    message: `too many logins or unknown PenguinIDs from this address (at most ${sizes.identityPerMinute} a minute)`,
  }),
  advanced: createBudget({
    name: 'advanced',
    points: sizes.advancedPer5Minutes,
    durationSec: 300,
    redis,
    message: `too many advanced queries from this address (at most ${sizes.advancedPer5Minutes} in 5 minutes)`,
  }),
})
