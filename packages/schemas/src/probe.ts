import protobuf from 'protobufjs/light.js'
import { SERVERS } from './constants'

/**
 * The usage probe's wire format (web reference §2.13): protobuf package `PenguinProbe`. Clients send
 * messages encoded plainly (not length-delimited); the server answers each with a length-delimited
 * `ServerACK`. Shared by the web client (encode) and the server (decode, ack).
 */
const root = protobuf.Root.fromJSON({
  nested: {
    PenguinProbe: {
      nested: {
        Language: { values: { ZH_CN: 0, EN_US: 1, JA_JP: 2, KO_KR: 3, OTHER: 4 } },
        Server: { values: { CN: 0, US: 1, JP: 2, KR: 3 } },
        MessageType: { values: { UNKNOWN: 0, NAVIGATED: 1, ENTERED_SEARCH_RESULT: 2, EXECUTED_ADVANCED_QUERY: 3, SERVER_ACK: 64 } },
        Meta: { fields: { type: { type: 'MessageType', id: 1 }, language: { type: 'Language', id: 2 } } },
        Skeleton: { fields: { meta: { type: 'Meta', id: 1 } } },
        Navigated: { fields: { meta: { type: 'Meta', id: 1 }, path: { type: 'string', id: 2 } } },
        EnteredSearchResult: {
          oneofs: { id: { oneof: ['stageId', 'itemId'] } },
          fields: {
            meta: { type: 'Meta', id: 1 },
            stageId: { type: 'string', id: 2 },
            itemId: { type: 'string', id: 3 },
            query: { type: 'string', id: 4 },
            position: { type: 'uint32', id: 5 },
          },
        },
        AdvancedQuery: {
          fields: {
            stageId: { type: 'string', id: 1 },
            itemIds: { rule: 'repeated', type: 'string', id: 2 },
            server: { type: 'Server', id: 3 },
            isPersonal: { type: 'bool', id: 4 },
            start: { type: 'uint64', id: 5 },
            end: { type: 'uint64', id: 6 },
            interval: { type: 'uint64', id: 7 },
          },
        },
        ExecutedAdvancedQuery: { fields: { meta: { type: 'Meta', id: 1 }, queries: { rule: 'repeated', type: 'AdvancedQuery', id: 2 } } },
        ServerACK: { fields: { type: { type: 'MessageType', id: 1 }, message: { type: 'string', id: 2 } } },
      },
    },
  },
})

const type = (name: string) => root.lookupType(`PenguinProbe.${name}`)
const T = {
  Skeleton: type('Skeleton'),
  Navigated: type('Navigated'),
  EnteredSearchResult: type('EnteredSearchResult'),
  ExecutedAdvancedQuery: type('ExecutedAdvancedQuery'),
  ServerACK: type('ServerACK'),
}

export const PROBE_MESSAGE_TYPES = { UNKNOWN: 0, NAVIGATED: 1, ENTERED_SEARCH_RESULT: 2, EXECUTED_ADVANCED_QUERY: 3, SERVER_ACK: 64 } as const
export type ProbeMessageType = keyof typeof PROBE_MESSAGE_TYPES
export const PROBE_LANGUAGES = ['ZH_CN', 'EN_US', 'JA_JP', 'KO_KR', 'OTHER'] as const
export type ProbeLanguage = (typeof PROBE_LANGUAGES)[number]

export interface ProbeAdvancedQuery {
  stageId: string
  itemIds: readonly string[]
  server: (typeof SERVERS)[number]
  isPersonal: boolean
  start: number
  end: number
  interval: number
}

/** A decoded probe message. */
export type ProbeEvent =
  | { type: 'NAVIGATED'; language: ProbeLanguage; path: string }
  | { type: 'ENTERED_SEARCH_RESULT'; language: ProbeLanguage; stageId?: string; itemId?: string; query: string; position: number }
  | { type: 'EXECUTED_ADVANCED_QUERY'; language: ProbeLanguage; queries: readonly ProbeAdvancedQuery[] }
  | { type: 'UNKNOWN' }

const languageOf = (meta: { language?: number } | undefined): ProbeLanguage => PROBE_LANGUAGES[meta?.language ?? 4] ?? 'OTHER'
const num = (v: unknown) => (typeof v === 'number' ? v : v && typeof v === 'object' && 'toNumber' in v ? (v as { toNumber(): number }).toNumber() : Number(v ?? 0))

/** Decodes one client message; anything malformed or of an unknown type is `{type: 'UNKNOWN'}`. */
export const decodeProbeMessage = (bytes: Uint8Array): ProbeEvent => {
  try {
    const skeleton = T.Skeleton.toObject(T.Skeleton.decode(bytes), { defaults: true }) as { meta?: { type?: number; language?: number } }
    switch (skeleton.meta?.type) {
      case 1: {
        const m = T.Navigated.toObject(T.Navigated.decode(bytes), { defaults: true }) as { meta?: { language?: number }; path?: string }
        return { type: 'NAVIGATED', language: languageOf(m.meta), path: m.path ?? '' }
      }
      case 2: {
        const m = T.EnteredSearchResult.toObject(T.EnteredSearchResult.decode(bytes), { defaults: true }) as {
          meta?: { language?: number }
          stageId?: string
          itemId?: string
          query?: string
          position?: number
        }
        return {
          type: 'ENTERED_SEARCH_RESULT',
          language: languageOf(m.meta),
          ...(m.stageId ? { stageId: m.stageId } : {}),
          ...(m.itemId ? { itemId: m.itemId } : {}),
          query: m.query ?? '',
          position: m.position ?? 0,
        }
      }
      case 3: {
        const m = T.ExecutedAdvancedQuery.toObject(T.ExecutedAdvancedQuery.decode(bytes), { defaults: true }) as {
          meta?: { language?: number }
          queries?: { stageId?: string; itemIds?: string[]; server?: number; isPersonal?: boolean; start?: unknown; end?: unknown; interval?: unknown }[]
        }
        return {
          type: 'EXECUTED_ADVANCED_QUERY',
          language: languageOf(m.meta),
          queries: (m.queries ?? []).map((q) => ({
            stageId: q.stageId ?? '',
            itemIds: [...(q.itemIds ?? [])],
            server: SERVERS[q.server ?? 0] ?? 'CN',
            isPersonal: q.isPersonal ?? false,
            start: num(q.start),
            end: num(q.end),
            interval: num(q.interval),
          })),
        }
      }
      default:
        return { type: 'UNKNOWN' }
    }
  } catch {
    return { type: 'UNKNOWN' }
  }
}

const languageCode = (l: ProbeLanguage) => PROBE_LANGUAGES.indexOf(l)

/** Encodes a client message (what the web client sends). */
export const encodeProbeMessage = (event: Exclude<ProbeEvent, { type: 'UNKNOWN' }>): Uint8Array => {
  const meta = { type: PROBE_MESSAGE_TYPES[event.type], language: languageCode(event.language) }
  switch (event.type) {
    case 'NAVIGATED':
      return T.Navigated.encode(T.Navigated.fromObject({ meta, path: event.path })).finish()
    case 'ENTERED_SEARCH_RESULT':
      return T.EnteredSearchResult.encode(T.EnteredSearchResult.fromObject({ ...event, meta })).finish()
    case 'EXECUTED_ADVANCED_QUERY':
      return T.ExecutedAdvancedQuery.encode(
        T.ExecutedAdvancedQuery.fromObject({ meta, queries: event.queries.map((q) => ({ ...q, server: SERVERS.indexOf(q.server) })) }),
      ).finish()
  }
}

/** The server's answer to a message: a length-delimited `ServerACK`. */
export const encodeProbeAck = (type: ProbeMessageType, message = ''): Uint8Array =>
  T.ServerACK.encodeDelimited(T.ServerACK.fromObject({ type: PROBE_MESSAGE_TYPES[type], message })).finish()

export const decodeProbeAck = (bytes: Uint8Array): { type: ProbeMessageType; message: string } => {
  const ack = T.ServerACK.toObject(T.ServerACK.decodeDelimited(bytes), { defaults: true }) as { type?: number; message?: string }
  const name = (Object.keys(PROBE_MESSAGE_TYPES) as ProbeMessageType[]).find((k) => PROBE_MESSAGE_TYPES[k] === ack.type) ?? 'UNKNOWN'
  return { type: name, message: ack.message ?? '' }
}
