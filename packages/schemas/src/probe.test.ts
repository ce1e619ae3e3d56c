import { describe, expect, it } from 'vitest'
import { decodeProbeAck, decodeProbeMessage, encodeProbeAck, encodeProbeMessage } from './probe'

describe('probe wire format', () => {
  it.each([
    { type: 'NAVIGATED', language: 'ZH_CN', path: '/result/stage/main_1/main_01-07' },
    { type: 'ENTERED_SEARCH_RESULT', language: 'EN_US', itemId: '30012', query: 'orirock', position: 2 },
    { type: 'ENTERED_SEARCH_RESULT', language: 'OTHER', stageId: 'main_01-07', query: '1-7', position: 0 },
    {
      type: 'EXECUTED_ADVANCED_QUERY',
      language: 'KO_KR',
      queries: [{ stageId: 'main_01-07', itemIds: ['30012'], server: 'JP', isPersonal: true, start: 1556668800000, end: 1562630400000, interval: 86400000 }],
    },
  ] as const)('round-trips %o', (event) => {
    expect(decodeProbeMessage(encodeProbeMessage(event))).toEqual(event)
  })

  it('treats garbage as UNKNOWN', () => {
    expect(decodeProbeMessage(new Uint8Array([0xff, 0xff, 0xff]))).toEqual({ type: 'UNKNOWN' })
    expect(decodeProbeMessage(new Uint8Array())).toEqual({ type: 'UNKNOWN' })
  })

  it('acks are length-delimited', () => {
    const ack = encodeProbeAck('NAVIGATED', 'ok')
    expect(ack[0]).toBe(ack.length - 1)
    expect(decodeProbeAck(ack)).toEqual({ type: 'NAVIGATED', message: 'ok' })
  })
})
