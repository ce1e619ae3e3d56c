import { z } from 'zod'

// A UTF-16 code unit of a surrogate pair without its partner: not valid Unicode, and PostgreSQL refuses it
// (as a jsonb \u escape) just as it refuses NUL in any text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates'

/** Text the database can store: no NUL character and no unpaired surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s)

/** A string schema that refuses what the database cannot store. */
export const StorableText = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)

/**
 * The first string (value or object key) anywhere inside a JSON-like value that the database cannot
 * store, as a dotted path (`metadata.md5`, `batchDrops.3.fileName`); null when all of it is storable.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export const findUnstorableText = (value: unknown, root = ''): string | null => {
  const stack: [unknown, string][] = [[value, root]]
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
  while (stack.length > 0) {
    const [v, path] = stack.pop() as [unknown, string]
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path || 'body'
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, join(path, String(i))]))
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (!isStorableText(k)) return join(path, '(key)')
        stack.push([x, join(path, k)])
      }
    }
  }
  return null
}
