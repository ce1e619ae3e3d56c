import { InvalidStructureError } from './dataset-ids'

/**
 * A small checker for the JSON Schema subset that `z.toJSONSchema` gives for the shared response
 * schemas (see scripts/generate-response-schemas.ts): type, properties, required,
 * additionalProperties, propertyNames, items, prefixItems, minItems, maxItems, enum, const, anyOf,
 * $ref/$defs. The first problem found is reported with its path, like zod's first issue. Keys the
 * schema does not name are allowed and kept (zod strips them). A keyword outside the subset is an
 * error (a unit test walks the generated document), so a schema change cannot be silently ignored.
 */
export type JsonSchema = boolean | { [keyword: string]: unknown }

export interface SchemaIssue {
  path: (string | number)[]
  message: string
}

export const SUPPORTED_KEYWORDS = new Set([
  '$defs',
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'anyOf',
])

const kindOf = (v: unknown): string => {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : 'number'
  return typeof v
}

const hasType = (t: string, v: unknown) => {
  switch (t) {
    case 'integer':
      return Number.isSafeInteger(v)
    case 'number':
      return typeof v === 'number' && Number.isFinite(v)
    case 'object':
      return kindOf(v) === 'object'
    default:
      return kindOf(v) === t
  }
}

/** Returns the first issue, or null when `value` matches `schema` (`root` holds the `$defs`). */
export const checkSchema = (schema: JsonSchema, value: unknown, root: JsonSchema = schema): SchemaIssue | null => check(schema, value, root, [])

/** `path` is one stack shared by the whole walk (pushed and popped), copied only into an issue. */
const check = (schema: JsonSchema, value: unknown, root: JsonSchema, path: (string | number)[]): SchemaIssue | null => {
  const issue = (message: string): SchemaIssue => ({ path: [...path], message })
  if (schema === true) return null
  if (schema === false) return issue('unexpected value')
  const ref = schema.$ref
  if (typeof ref === 'string') {
    const name = ref.replace(/^#\/\$defs\//, '')
    const defs = typeof root === 'object' ? (root.$defs as Record<string, JsonSchema> | undefined) : undefined
    const target = defs?.[name]
    if (target === undefined) return issue(`unknown reference ${ref}`)
    const found = check(target, value, root, path)
    if (found) return found
  }
  const anyOf = schema.anyOf as JsonSchema[] | undefined
  if (anyOf && !anyOf.some((s) => check(s, value, root, path) === null)) {
    // Report the branch of the same type when there is one (its detail is the useful one).
    const sameType = anyOf.find((s) => typeof s === 'object' && typeof s.type === 'string' && hasType(s.type, value))
    return (sameType !== undefined && check(sameType, value, root, path)) || issue(`Invalid input: received ${kindOf(value)}`)
  }
  const type = schema.type as string | string[] | undefined
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type]
    if (!types.some((t) => hasType(t, value))) return issue(`Invalid input: expected ${types.join(' | ')}, received ${kindOf(value)}`)
  }
  if ('const' in schema && value !== schema.const) return issue(`Invalid input: expected ${JSON.stringify(schema.const)}`)
  const choices = schema.enum as unknown[] | undefined
  if (choices && !choices.includes(value)) return issue(`Invalid option: expected one of ${choices.map((c) => JSON.stringify(c)).join('|')}`)
  if (Array.isArray(value)) {
    const { minItems, maxItems } = schema as { minItems?: number; maxItems?: number }
    if (minItems !== undefined && value.length < minItems) return issue(`Too small: expected array to have >=${minItems} items`)
    if (maxItems !== undefined && value.length > maxItems) return issue(`Too big: expected array to have <=${maxItems} items`)
    const prefix = (schema.prefixItems as JsonSchema[] | undefined) ?? []
    const items = schema.items as JsonSchema | undefined
    for (let i = 0; i < value.length; i++) {
      const s = i < prefix.length ? prefix[i] : items
      if (s === undefined) continue
      path.push(i)
      const found = check(s, value[i], root, path)
      path.pop()
      if (found) return found
    }
  } else if (kindOf(value) === 'object') {
    const obj = value as Record<string, unknown>
    const properties = schema.properties as Record<string, JsonSchema> | undefined
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in obj) || obj[key] === undefined) return { path: [...path, key], message: 'Invalid input: expected a value, received undefined' }
    for (const key in obj) {
      const own = properties?.[key]
      const s = own ?? (schema.additionalProperties as JsonSchema | undefined)
      // additionalProperties: false (zod's strict output) is not enforced: zod strips unknown keys.
      if (s === undefined || s === false) continue
      if (obj[key] === undefined && own !== undefined) continue
      path.push(key)
      const found = check(s, obj[key], root, path)
      path.pop()
      if (found) return found
    }
  }
  return null
}

/** `raw` as `T` when it matches `schema`; else an InvalidStructureError naming the first problem and its path. */
export const assertSchema = <T>(schema: JsonSchema, raw: unknown): T => {
  const issue = checkSchema(schema, raw)
  if (issue) throw new InvalidStructureError(`${issue.path.join('.') || '(root)'}: ${issue.message}`)
  return raw as T
}
