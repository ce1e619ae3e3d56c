import type { Violation } from '@dropwise/schemas'

interface IssueLike {
  keyword: string
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

/** Names a failed zod rule the way the public API names validator rules (required, oneof, lte, …). */
const ruleName = (issue: IssueLike, field: string): string => {
  const p = issue.params ?? {}
  switch (issue.keyword) {
    case 'invalid_type':
      return p.input === undefined || /received undefined/.test(issue.message ?? '') ? 'required' : 'type'
    case 'invalid_value':
    case 'invalid_enum_value':
    case 'invalid_union':
      return /(^|\.)server$/i.test(field) ? 'arkserver' : 'oneof'
    case 'too_small':
      return p.origin === 'number' ? 'gte' : 'min'
    case 'too_big':
      return p.origin === 'number' ? 'lte' : 'max'
    case 'invalid_format':
      return /ASCII/.test(issue.message ?? '') ? 'printascii' : 'format'
    default:
      return issue.keyword
  }
}

/** Turns validation issues into the contract's violations (field as a dotted path). */
export const toViolations = (issues: readonly IssueLike[], context?: string): Violation[] =>
  issues.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.')
    const field = path || context || 'request'
    const violation = ruleName(issue, field)
    const message = violation === 'required' ? `${field} is required` : `${field}: ${issue.message ?? 'is invalid'}`
    return { field, violation, message }
  })
