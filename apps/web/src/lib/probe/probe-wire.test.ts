import { decodeProbeMessage, encodeProbeMessage } from '@dropwise/schemas/probe'
import { describe, expect, it } from 'vitest'
import { encodeProbeEvent, type OutgoingProbeEvent } from './probe-wire'

/** Every case is decoded by the shared protobufjs codec (what the server runs). */
const cases: [string, OutgoingProbeEvent][] = [
  ['navigated', { type: 'NAVIGATED', language: 'KO_KR', path: '/result/stage/main_1/main_01-07' }],
  ['navigated, zh (language 0 left out), non-ASCII path', { type: 'NAVIGATED', language: 'ZH_CN', path: '/search?q=固源岩' }],
  ['search result, stage', { type: 'ENTERED_SEARCH_RESULT', language: 'EN_US', stageId: 'main_01-07', query: '1-7', position: 0 }],
  ['search result, item, far down', { type: 'ENTERED_SEARCH_RESULT', language: 'JA_JP', itemId: '30012', query: 'shokyuu', position: 300 }],
  [
    'advanced query',
    {
      type: 'EXECUTED_ADVANCED_QUERY',
      language: 'OTHER',
      queries: [
        { stageId: 'main_01-07', itemIds: ['30012', '30011'], server: 'JP', isPersonal: true, start: 1_589_529_600_000, end: 1_763_683_200_000, interval: 86_400_000 },
        { stageId: 'wk_kc_5', itemIds: [], server: 'CN', isPersonal: false, start: 0, end: 0, interval: 0 },
      ],
    },
  ],
]

describe('probe wire encoder', () => {
  it.each(cases)('%s decodes to the same event with the shared codec', (_name, event) => {
    expect(decodeProbeMessage(encodeProbeEvent(event))).toEqual(event)
  })

  it.each(cases)('%s decodes like the protobufjs encoding', (_name, event) => {
    expect(decodeProbeMessage(encodeProbeEvent(event))).toEqual(decodeProbeMessage(encodeProbeMessage(event)))
  })

  it('writes the navigated message byte for byte as protobuf expects', () => {
    // meta {type 1, language 1} = 0a 04 08 01 10 01; path "/a" = 12 02 2f 61
    expect([...encodeProbeEvent({ type: 'NAVIGATED', language: 'EN_US', path: '/a' })]).toEqual([0x0a, 0x04, 0x08, 0x01, 0x10, 0x01, 0x12, 0x02, 0x2f, 0x61])
  })
})
