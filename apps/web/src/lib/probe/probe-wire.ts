import type { ProbeAdvancedQuery, ProbeEvent, ProbeLanguage } from '@dropwise/schemas/probe'

/**
 * A hand-written encoder for the three client messages of the probe's protobuf package
 * `PenguinProbe` (web-reference §2.13). protobufjs (what @dropwise/schemas/probe uses) is ~29 KB
 * gzip in a browser bundle; these few varint and length-delimited writers are all the client needs.
 * The tests decode every message with the shared codec, so the two cannot drift apart. Default
 * values (0, '', false) are left out, as proto3 writers do; decoders read them as defaults.
 */
export type OutgoingProbeEvent = Exclude<ProbeEvent, { type: 'UNKNOWN' }>

const MESSAGE_TYPE = { NAVIGATED: 1, ENTERED_SEARCH_RESULT: 2, EXECUTED_ADVANCED_QUERY: 3 } as const
const LANGUAGE: Record<ProbeLanguage, number> = { ZH_CN: 0, EN_US: 1, JA_JP: 2, KO_KR: 3, OTHER: 4 }
const SERVER: Record<ProbeAdvancedQuery['server'], number> = { CN: 0, US: 1, JP: 2, KR: 3 }

const utf8 = new TextEncoder()

class Writer {
  private bytes: number[] = []
  /** An unsigned varint; numbers up to 2^53 (no BigInt needed for ms timestamps). */
  varint(n: number) {
    let v = Math.max(0, Math.floor(n))
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80)
      v = Math.floor(v / 0x80)
    }
    this.bytes.push(v)
    return this
  }
  private tag(field: number, wire: 0 | 2) {
    return this.varint(field * 8 + wire)
  }
  uint(field: number, n: number) {
    return n ? this.tag(field, 0).varint(n) : this
  }
  bool(field: number, b: boolean) {
    return b ? this.tag(field, 0).varint(1) : this
  }
  raw(field: number, data: Uint8Array) {
    this.tag(field, 2).varint(data.length)
    for (const b of data) this.bytes.push(b)
    return this
  }
  string(field: number, s: string | undefined, always = false) {
    return s || always ? this.raw(field, utf8.encode(s ?? '')) : this
  }
  message(field: number, w: Writer) {
    return this.raw(field, w.finish())
  }
  finish() {
    return Uint8Array.from(this.bytes)
  }
}

const meta = (type: keyof typeof MESSAGE_TYPE, language: ProbeLanguage) => new Writer().uint(1, MESSAGE_TYPE[type]).uint(2, LANGUAGE[language])

const advancedQuery = (q: ProbeAdvancedQuery) => {
  const w = new Writer().string(1, q.stageId)
  for (const id of q.itemIds) w.string(2, id, true)
  return w.uint(3, SERVER[q.server]).bool(4, q.isPersonal).uint(5, q.start).uint(6, q.end).uint(7, q.interval)
}

/** Encodes one client message (plain, not length-delimited, like the public client). */
export const encodeProbeEvent = (event: OutgoingProbeEvent): Uint8Array => {
  const w = new Writer().message(1, meta(event.type, event.language))
  switch (event.type) {
    case 'NAVIGATED':
      return w.string(2, event.path).finish()
    case 'ENTERED_SEARCH_RESULT':
      // The oneof: a stage id wins when both are given.
      if (event.stageId) w.string(2, event.stageId, true)
      else if (event.itemId) w.string(3, event.itemId, true)
      return w.string(4, event.query).uint(5, event.position).finish()
    case 'EXECUTED_ADVANCED_QUERY':
      for (const q of event.queries) w.message(2, advancedQuery(q))
      return w.finish()
  }
}
