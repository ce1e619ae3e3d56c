// npx tsx apps/web/scripts/generate-response-schemas.ts
// The web client validates API answers against the shared zod schemas without shipping zod in the
// first load: their JSON Schema form (z.toJSONSchema) is generated here into
// src/lib/response-schemas.json (the datasets) and src/lib/answer-schemas.json (answers pages ask for
// themselves), checked by src/lib/schema-check.ts. A unit test fails when the
// file is out of date with @dropwise/schemas.
import { writeFileSync } from 'node:fs'
import { answerSchemaDocument, responseSchemaDocument } from '../src/lib/response-schemas-source'

for (const [file, doc] of [
  ['response-schemas.json', responseSchemaDocument()],
  ['answer-schemas.json', answerSchemaDocument()],
] as const) {
  const out = new URL(`../src/lib/${file}`, import.meta.url)
  writeFileSync(out, `${JSON.stringify(doc, null, 1)}\n`)
  console.log(`wrote ${out.pathname}`)
}
