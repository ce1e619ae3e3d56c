import { randomBytes, randomInt } from 'node:crypto'

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv'
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 20 lower-case base32hex characters: the shape of the public service's request ids. */
export const newRequestId = (): string => {
  const bytes = randomBytes(20)
  let out = ''
  for (const b of bytes) out += BASE32HEX[b & 31]
  return out
}

export const randomAlnum = (length: number): string => {
  let out = ''
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)]
  return out
}
