import { describe, expect, it } from 'vitest'
import { type VerificationFacts, RELIABILITY, countsGlobally, countsPersonally, reliabilityOf } from './reliability'

const pass: VerificationFacts = { accountExists: true, md5Seen: false, dropTable: { ok: true } }
const badTable = { ok: false, reason: 'no-active-drop-infos' } as const

describe('reliabilityOf (§7.4 order)', () => {
  it.each<[string, VerificationFacts, number]>([
    ['all checks pass', pass, 0],
    ['no rules configured = pass', { ...pass, rejection: { kind: 'pass' } }, 0],
    ['account missing', { ...pass, accountExists: false }, 4],
    ['account missing beats everything', { accountExists: false, md5Seen: true, dropTable: badTable, rejection: { kind: 'error' } }, 4],
    ['md5 seen', { ...pass, md5Seen: true }, 5],
    ['md5 beats the drop table', { ...pass, md5Seen: true, dropTable: badTable }, 5],
    ['drop table mismatch', { ...pass, dropTable: badTable }, 6],
    ['drop table beats rules', { ...pass, dropTable: badTable, rejection: { kind: 'matched', code: 300 } }, 6],
    ['rule engine failed', { ...pass, rejection: { kind: 'error' } }, 7],
    ['rule matched', { ...pass, rejection: { kind: 'matched', code: 256 } }, 256],
    ['rule matched, top code', { ...pass, rejection: { kind: 'matched', code: 1023 } }, 1023],
    ['rule code out of range → engine failure', { ...pass, rejection: { kind: 'matched', code: 6 } }, 7],
    ['rule code too high → engine failure', { ...pass, rejection: { kind: 'matched', code: 1024 } }, 7],
    ['non-integer rule code → engine failure', { ...pass, rejection: { kind: 'matched', code: 300.5 } }, 7],
  ])('%s → %i', (_name, facts, want) => expect(reliabilityOf(facts)).toBe(want))
})

describe('counting', () => {
  it.each([
    [RELIABILITY.ok, true, true],
    [RELIABILITY.recalled, false, false],
    [RELIABILITY.legacyUnreliable, false, true],
    [RELIABILITY.accountMissing, false, true],
    [RELIABILITY.duplicateScreenshot, false, true],
    [RELIABILITY.dropTableMismatch, false, true],
    [RELIABILITY.ruleEngineFailed, false, true],
    [512, false, true],
  ])('code %i: global %s, personal %s', (code, global, personal) => {
    expect(countsGlobally(code)).toBe(global)
    expect(countsPersonally(code)).toBe(personal)
  })
})
