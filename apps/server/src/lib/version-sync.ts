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
    subscriber.on('message', (_channel, message) => version.advance(Number(message)))
    // Redis down at start-up: subscribe when it is ready (ioredis itself re-subscribes after a reconnect).
    const subscribe = () => void subscriber.subscribe(VERSION_CHANNEL).catch(() => {})
    subscriber.on('ready', subscribe)
    if (subscriber.status === 'ready') subscribe()
  }
  // A failing poll (the database is down) is reported once, until a poll goes through again.
  let failing = false
  const poller = setInterval(() => {
    deps
      .readVersion()
      .then((v) => {
        failing = false
        version.advance(v)
      })
      .catch((err: unknown) => {
        if (!failing) deps.onPollError(err)
        failing = true
      })
  }, VERSION_POLL_MS)
  poller.unref()
  return () => clearInterval(poller)
}
