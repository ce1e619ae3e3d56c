import { describe, expect, it } from 'vitest'
import { acceptedCodings, acceptsGzip } from './content-encoding'

describe('content negotiation', () => {
  it('refuses a coding the client gives q=0', () => {
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('gzip;q=0, br')).toBe(false)
    expect(acceptedCodings('br;q=0, gzip', ['br', 'gzip'])).toEqual(['gzip'])
  })
  it('orders by the q-values, ties in the server order', () => {
    expect(acceptedCodings('gzip, deflate, br', ['br', 'gzip'])).toEqual(['br', 'gzip'])
    expect(acceptedCodings('br;q=0.5, gzip;q=0.9', ['br', 'gzip'])).toEqual(['gzip', 'br'])
    expect(acceptedCodings('*', ['br', 'gzip'])).toEqual(['br', 'gzip'])
  })
  it('accepts none without a header or with an unknown coding, and reads a repeated header', () => {
    expect(acceptedCodings(undefined, ['br', 'gzip'])).toEqual([])
    expect(acceptedCodings('', ['br', 'gzip'])).toEqual([])
    expect(acceptedCodings('deflate', ['br', 'gzip'])).toEqual([])
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true)
    // A word that merely contains the name is not the coding.
    expect(acceptsGzip('x-gzip-ish')).toBe(false)
  })
})
