import type { Health } from '@dropwise/schemas'
import type { AssetsStatus } from './assets.schema'

const README = 'README, “Game art and recognizer resources”'

/** What an operator does about resources that could not be fetched; in the log beside each failure and in `/api/_/health`. */
export const UNAVAILABLE_HINT =
  'the server must reach ASSETS_BASE_URL (by default https://raw.githubusercontent.com) or a mirror in its layout, or find the pinned files in ASSETS_DIR; ' +
  `it retries by itself, POST /api/_/assets/retry tries at once, ASSETS=off stops trying (${README})`

/** What an operator can do about `ASSETS=off` without a pack of their own. */
export const OFF_HINT = `ASSETS=off: no recognizer pack and no item icon sheet are built, players report by hand; RECOGNIZER_PACK_DIR or RECOGNIZER_PACK_URL serves a pack built elsewhere (${README})`

/**
 * The resources' part of `/api/_/health`: their state, the failure's reason and, when players cannot
 * recognise screenshots because of it, what the operator can do. Players' pages never show these
 * details: they say in plain words that recognition is not ready and offer the hand report.
 */
export const assetsHealth = (status: AssetsStatus): NonNullable<Health['assets']> => {
  const recognizer = status.recognizer !== null
  const hint = recognizer ? null : status.state === 'unavailable' ? UNAVAILABLE_HINT : status.state === 'off' ? OFF_HINT : null
  return { state: status.state, recognizer, reason: status.reason, hint }
}
