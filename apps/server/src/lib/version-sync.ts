import type { Redis } from 'ioredis'
import type { DataVersion } from './data-version'

const VERSION_CHANNEL = 'dropwise:aggregates-version'
const VERSION_POLL_MS = 2000

/** This process's new versions go out on Redis pub/sub (when configured) for the other processes. */
export const publishVersion = (version: DataVersion, redis: Redis | null) => {
  if (redis) version.subscribe((v) => void redis.publish(VERSION_CHANNEL, String(v)).catch(() => {}))
}

/**
 * Caches follow the data version: other processes' changes arrive through Redis pub/sub when configured,
 * and through polling the version row (`readVersion`) every 2 s in any case. Returns the poll's stop.
 */
export const followVersion = async (deps: {
  version: DataVersion
  subscriber: Redis | null
  readVersion: () => Promise<number>
  onPollError: (err: unknown) => void
}) => {
  const { version, subscriber } = deps
  if (subscriber) {
    await subscriber.subscribe(VERSION_CHANNEL)
    subscriber.on('message', (_channel, message) => version.advance(Number(message)))
  }
  const poller = setInterval(() => {
    deps
      .readVersion()
      .then((v) => version.advance(v))
      .catch(deps.onPollError)
  }, VERSION_POLL_MS)
  poller.unref()
  return () => clearInterval(poller)
}
