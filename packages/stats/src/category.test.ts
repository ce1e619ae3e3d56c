import type { Category } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { matchesCategory, sourceCategory } from './category'

describe('sourceCategory (§10.6)', () => {
  it.each<[string | null | undefined, 'manual' | 'automated']>([
    ['frontend-v2', 'manual'],
    ['penguin-stats.io', 'manual'],
    ['penguin-stats.io(internal)', 'manual'],
    ['MeoAssistant', 'automated'],
    ['MaaAssistantArknights', 'automated'],
    ['Frontend-V2', 'automated'],
    [' frontend-v2', 'automated'],
    ['', 'automated'],
    [null, 'automated'],
    [undefined, 'automated'],
  ])('%j is %s', (source, want) => expect(sourceCategory(source)).toBe(want))
})

describe('matchesCategory', () => {
  it.each<[string | null, Category, boolean]>([
    ['frontend-v2', 'all', true],
    ['frontend-v2', 'manual', true],
    ['frontend-v2', 'automated', false],
    ['MeoAssistant', 'all', true],
    ['MeoAssistant', 'manual', false],
    ['MeoAssistant', 'automated', true],
    [null, 'automated', true],
    [null, 'manual', false],
  ])('%j under %s: %s', (source, category, want) => expect(matchesCategory(source, category)).toBe(want))
})
