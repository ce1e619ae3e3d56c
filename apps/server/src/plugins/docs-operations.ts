/**
 * What the API description says beyond the zod schemas of the routes: per operation its id, who may call
 * it (`security`), the error answers, content types other than JSON, and examples. Keyed by
 * `METHOD /documented/path`; docs.test.ts fails when a documented operation has no entry here, and lints
 * the result (Redocly, recommended rules).
 *
 * Examples (docs-examples.json) are real answers of the seeded app, trimmed to a few elements; the same
 * test checks that each still matches its operation's schema. docs-describe.ts applies the table to the
 * generated document.
 */

import { OPEN_DATA_OPERATIONS } from './docs-operations-open-data'
import type { Json, OperationDoc } from './docs-operation-types'
export type { Access, Json, OperationDoc } from './docs-operation-types'

const text = (schema: Json, example?: unknown) => ({ 'text/plain': { schema, ...(example === undefined ? {} : { example }) } })

const V2 = '/api/v2'
const WEB_MATRIX = 'The web client’s form of `getMatrix`: closed stages included, `source` `personal` for the caller’s own reports.'
const WEB_PATTERN = 'The web client’s form of `getPatterns`: the category is honoured, at most 19 patterns per stage.'

export const OPERATIONS: Record<string, OperationDoc> = {
  // Reference data (api-v2 §6)
  [`GET ${V2}/items`]: { operationId: 'getItems', access: 'anonymous', revalidated: true, ok: 'Every item of every server (clients filter on `existence`).' },
  [`GET ${V2}/items/{itemId}`]: { operationId: 'getItem', access: 'anonymous', ok: 'The item.' },
  [`GET ${V2}/stages`]: {
    operationId: 'getStages',
    access: 'anonymous',
    revalidated: true,
    ok: 'Every stage; `dropInfos` only on stages open now on the server (the key is left out, never empty, on closed ones).',
  },
  [`GET ${V2}/stages/{stageId}`]: { operationId: 'getStage', access: 'anonymous', ok: 'The stage.' },
  [`GET ${V2}/zones`]: { operationId: 'getZones', access: 'anonymous', revalidated: true, ok: 'Every zone.' },
  [`GET ${V2}/zones/{zoneId}`]: { operationId: 'getZone', access: 'anonymous', ok: 'The zone.' },
  [`GET ${V2}/notice`]: { operationId: 'getNotices', access: 'anonymous', ok: 'Notices by id (may be empty).' },
  [`GET ${V2}/period`]: { operationId: 'getPeriods', access: 'anonymous', revalidated: true, ok: 'Event periods (`end` null while open).' },
  [`GET ${V2}/config`]: {
    operationId: 'getConfig',
    access: 'anonymous',
    description:
      'The operator’s configuration, verbatim, plus what this server adds (docs/api-extensions.md §3d: `planner`, `demo`, `recognizer`, ' +
      '`itemIcons`, `assets`). Any key may appear: clients keep what they do not know.',
    ok: 'An open JSON object.',
  },
  [`GET ${V2}/formula`]: { operationId: 'getFormulas', access: 'anonymous', ok: 'Workshop formulas (ArkPlanner keys on `name`).' },

  // Results (api-v2 §8)
  [`GET ${V2}/result/matrix`]: {
    operationId: 'getMatrix',
    access: 'penguinIdOptional',
    limited: true,
    description: 'Global by default; `is_personal=true` counts only the caller’s reports and needs a PenguinID (an unknown one takes from the identity budget).',
    ok: 'The matrix: one element per (stage, item) pair with drops in its current period.',
  },
  [`GET ${V2}/_private/result/matrix/{server}/{source}`]: { operationId: 'getWebMatrix', access: 'penguinIdOptional', limited: true, description: WEB_MATRIX },
  [`GET ${V2}/_private/result/matrix/{server}/{source}/{category}`]: {
    operationId: 'getWebMatrixByCategory',
    access: 'penguinIdOptional',
    limited: true,
    description: WEB_MATRIX,
  },
  [`GET ${V2}/result/pattern`]: {
    operationId: 'getPatterns',
    access: 'penguinIdOptional',
    limited: true,
    description: 'At most 19 patterns per stage (the most frequent) unless `show_all_patterns` is exactly `true`.',
  },
  [`GET ${V2}/_private/result/pattern/{server}/{source}`]: { operationId: 'getWebPatterns', access: 'penguinIdOptional', limited: true, description: WEB_PATTERN },
  [`GET ${V2}/_private/result/pattern/{server}/{source}/{category}`]: {
    operationId: 'getWebPatternsByCategory',
    access: 'penguinIdOptional',
    limited: true,
    description: WEB_PATTERN,
  },
  [`GET ${V2}/result/trends`]: { operationId: 'getTrends', access: 'anonymous' },
  [`GET ${V2}/_private/result/trend/{server}`]: { operationId: 'getWebTrends', access: 'anonymous' },
  [`GET ${V2}/stats`]: { operationId: 'getSiteStats', access: 'anonymous' },
  [`GET ${V2}/basis`]: {
    operationId: 'getSampleBasis',
    access: 'anonymous',
    description:
      'What the numbers of a stage (or, without `stageId`, of the server) are made of: runs imported from Penguin Statistics (category `all` ' +
      'only, no patterns), reports sent here since by category, and simulated demo reports (docs/api-extensions.md §3g). An unknown stage is 400 `NOT_FOUND`.',
  },
  [`POST ${V2}/result/advanced`]: {
    operationId: 'queryAdvanced',
    access: 'penguinIdOptional',
    limited: true,
    description:
      'One answer per query, in order: a matrix over `[start, end)` or, with `interval`, a trend. A matrix has one row per (stage, item) ' +
      'pair with at least one run in the window (zero-quantity pairs with runs included); a window without reports answers `{"matrix": []}`. ' +
      '30 requests per 5 minutes and address; `isPersonal` queries need a PenguinID.',
  },

  // Accounts (api-v2 §6.9)
  [`POST ${V2}/users`]: {
    operationId: 'login',
    access: 'anonymous',
    limited: true,
    announcesPenguinId: true,
    description: 'The body is the PenguinID as plain text. Clients log in from the `X-Penguin-Set-PenguinID` header; an unknown ID is 400 `NOT_FOUND`.',
    requestBody: { required: true, content: text({ type: 'string', description: 'the PenguinID' }) },
    responses: { '200': { description: 'Logged in: the JSON text `{"userID": "<id>"}`, sent as `text/plain`.', content: text({ type: 'string' }) } },
  },

  // Reports (api-v2 §7)
  [`POST ${V2}/report`]: {
    operationId: 'submitReport',
    access: 'penguinIdOptional',
    limited: true,
    announcesPenguinId: true,
    description:
      'Every syntactically valid report is accepted (200); semantic checks only decide whether it counts. A caller without a known PenguinID ' +
      'gets a new account, announced in `X-Penguin-Set-PenguinID`. With `X-Penguin-Idempotency-Key` a repeated request within 4 hours ' +
      'replays the first answer (`X-Penguin-Idempotency: hit`) without reading the new body.',
    ok: 'Accepted; keep the object to recall the report.',
  },
  [`POST ${V2}/report/recall`]: {
    operationId: 'recallReport',
    access: 'penguinId',
    limited: true,
    description: 'Only the account that submitted the report, once, within 24 hours; anything else is 400 `report not existed or has already been recalled`.',
    responses: { '200': { description: 'Recalled: the text `OK`.', content: text({ type: 'string', const: 'OK' }, 'OK') } },
  },
  [`GET ${V2}/_private/report/held`]: {
    operationId: 'getHeldReports',
    access: 'penguinId',
    limited: true,
    description:
      'The caller’s reports held because the game data did not know their stage or items yet (answered 200 where the public service ' +
      'answers 400): held, released into the statistics once a data version knows them, rejected after 14 days, or recalled (docs/api-extensions.md §3h).',
  },
  [`GET ${V2}/_private/report/mine`]: {
    operationId: 'getMyReports',
    access: 'penguinId',
    limited: true,
    description:
      'The caller’s reports, newest first, held ones included, paged by `next`: what became of each (stored, recalled, rejected and why, ' +
      'held) and until when `POST /report/recall` takes it back (docs/api-extensions.md §3k). Never cached publicly.',
  },
  [`POST ${V2}/_private/report/recall/batch`]: {
    operationId: 'recallRecognitionBatch',
    access: 'penguinId',
    limited: true,
    description:
      'Recalls every report of one recognition batch by the `taskId` its upload was answered with, under the rule of `POST /report/recall` ' +
      '(owner only, within 24 hours); reports already recalled are skipped. 400 `report not existed or has already been recalled` when none could be.',
  },
  [`POST ${V2}/report/recognition`]: {
    operationId: 'submitRecognitionBatch',
    access: 'penguinIdOptional',
    limited: true,
    announcesPenguinId: true,
    description:
      'Up to 50 recognised screenshots as plain JSON, each stored as a report with `times` 1; entries that cannot be stored are listed in ' +
      '`errors`. The encrypted body of the Penguin Statistics web client is not accepted: it is answered 400 with a message that points to ' +
      'Dropwise’s own recognition page (docs/api-extensions.md §1).',
  },

  // Recognition defects (docs/api-extensions.md §3)
  [`POST ${V2}/recognition/defects/report/init`]: { operationId: 'initDefectReport', access: 'anonymous', limited: true },
  [`POST ${V2}/recognition/defects/report/upload/{defectId}`]: {
    operationId: 'uploadDefectScreenshot',
    access: 'uploadToken',
    limited: true,
    summary: 'Upload the screenshot of a defect report',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              policy: { type: 'string', description: 'from init' },
              authorization: { type: 'string', description: 'from init' },
              file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'the screenshot (JPEG, PNG or HEIF), at most 20 MB' },
            },
            required: ['policy', 'authorization', 'file'],
          },
        },
        'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
        'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
        'image/heif': { schema: { type: 'string', contentMediaType: 'image/heif' } },
      },
    },
  },

  // Share (docs/api-extensions.md §3b)
  [`GET ${V2}/short`]: {
    operationId: 'shortLinkHome',
    access: 'anonymous',
    responses: { '200': null, '302': { description: 'Redirect to the site root.', headers: { Location: { schema: { type: 'string' } } } } },
  },
  [`GET ${V2}/short/{word}`]: {
    operationId: 'shortLink',
    access: 'anonymous',
    responses: {
      '200': null,
      '302': { description: 'Redirect to the item or stage page, else to a search.', headers: { Location: { schema: { type: 'string' } } } },
    },
  },
  [`GET ${V2}/export/matrix`]: {
    operationId: 'exportMatrix',
    access: 'anonymous',
    responses: {
      '200': {
        description: 'The file (`Content-Disposition: attachment`), with the CC BY-NC 4.0 attribution inside.',
        content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } },
      },
    },
  },

  ...OPEN_DATA_OPERATIONS,

  // Planner (docs/api-extensions.md §2)
  ['POST /planner/plan']: {
    operationId: 'plan',
    access: 'anonymous',
    description:
      'ArkPlanner’s request and answer. Also served as `/api/v2/planner/plan` and `/PenguinStats/api/v2/planner/plan`; the public web ' +
      'client’s planner host (`https://planner.penguin-stats.io/plan`) is routed here by a reverse-proxy rule (docs/api-extensions.md §2). ' +
      'A plan that cannot be made is a 200 `{error: true, reason}`.',
  },

  // Operators and their goals (docs/api-extensions.md §3l)
  [`GET ${V2}/operators`]: { operationId: 'getOperators', access: 'anonymous', revalidated: true, ok: 'The server’s operators, their costs, the level table.' },
  [`POST ${V2}/planner/operators`]: { operationId: 'planOperators', access: 'anonymous', description: 'A goal that cannot be reached is a 400 naming it (§3l).' },

  // Efficiency (the farming guide's numbers): item values and stage efficiency, and their export.
  [`GET ${V2}/efficiency`]: { operationId: 'getEfficiency', access: 'anonymous' },
  [`GET ${V2}/export/efficiency`]: {
    operationId: 'exportEfficiency',
    access: 'anonymous',
    responses: {
      '200': {
        description: 'The file (`Content-Disposition: attachment`), with the CC BY-NC 4.0 attribution inside.',
        content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } },
      },
    },
  },

  // Operations (outside the v2 base)
  ['GET /api/_/health']: { operationId: 'getHealth', access: 'anonymous' },
  ['GET /api/_/bininfo']: { operationId: 'getBinInfo', access: 'anonymous' },
  ['GET /api/_/probe']: { operationId: 'getProbeCounts', access: 'anonymous' },
  ['GET /api/_/assets']: { operationId: 'getAssets', access: 'anonymous' },
  ['POST /api/_/assets/retry']: { operationId: 'retryAssets', access: 'anonymous' },
  ['GET /api/_/data']: { operationId: 'getDataVersions', access: 'anonymous' },
  ['POST /api/_/data/sync']: {
    operationId: 'syncData',
    access: 'opsToken',
    description:
      'Fetches the game-data sources, derives with the importer, verifies and applies what changed as a new version (issue 36); `dryRun=true` writes nothing. A refused update answers 200 with `status.outcome: refused` and the reason.',
  },

  // Running the site (docs/api-extensions.md §3i): the about content, and the operators' routes (Bearer OPS_TOKEN, audited)
  ['GET /api/_/about']: { operationId: 'getAbout', access: 'anonymous' },
  ['GET /api/_/ops/notices']: { operationId: 'listOpsNotices', access: 'opsToken' },
  ['POST /api/_/ops/notices']: { operationId: 'addNotice', access: 'opsToken', ok: 'The notice as stored.' },
  ['PUT /api/_/ops/notices/{noticeId}']: { operationId: 'editNotice', access: 'opsToken', ok: 'The notice as stored.' },
  ['DELETE /api/_/ops/notices/{noticeId}']: { operationId: 'retireNotice', access: 'opsToken', ok: 'The retired notice.' },
  ['PUT /api/_/ops/about']: { operationId: 'setAbout', access: 'opsToken', ok: 'The content now served by `GET /api/_/about`.' },
  ['DELETE /api/_/ops/about']: { operationId: 'clearAbout', access: 'opsToken', ok: 'No content: the about pages show their empty state.' },
  ['GET /api/_/ops/rules']: { operationId: 'listRejectionRules', access: 'opsToken' },
  ['POST /api/_/ops/rules']: { operationId: 'addRejectionRule', access: 'opsToken', ok: 'The rule, and how many counted reports it took out.' },
  ['DELETE /api/_/ops/rules/{ruleId}']: { operationId: 'removeRejectionRule', access: 'opsToken', ok: 'The removed rule, and what became of its reports.' },
  ['GET /api/_/ops/audit']: { operationId: 'listAudit', access: 'opsToken' },
}

/** The operation entry of a documented path, or null. */
export const operationDoc = (method: string, path: string): OperationDoc | null => OPERATIONS[`${method.toUpperCase()} ${path}`] ?? null
