import { describe, expect, it } from 'vitest'
import { createDataVersion, createFollowingVersion } from './data-version'

describe('createFollowingVersion', () => {
  it('moves when its source moves and when bumped, and tells its subscribers each time', () => {
    const aggregates = createDataVersion(40)
    const answers = createFollowingVersion(aggregates)
    const seen: number[] = []
    answers.subscribe((v) => seen.push(v))
    expect(answers.get()).toBe(0)
    aggregates.advance(41)
    answers.bump()
    aggregates.advance(41) // not newer: the source does not move, neither does this
    aggregates.advance(45)
    expect(seen).toEqual([1, 2, 3])
    expect(answers.get()).toBe(3)
    expect(aggregates.get()).toBe(45)
  })
})
