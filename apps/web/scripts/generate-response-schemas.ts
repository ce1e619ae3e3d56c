// npx tsx apps/web/scripts/generate-response-schemas.ts
// The web client validates API answers against the shared zod schemas without shipping zod in the
// first load: their JSON Schema form (z.toJSONSchema) is generated here into
// src/lib/response-schemas.json and checked by src/lib/schema-check.ts. A unit test fails when the
// file is out of date with @dropwise/schemas.
import { writeFileSync } from 'node:fs'
import { responseSchemaDocument } from '../src/lib/response-schemas-source'

const out = new URL('../src/lib/response-schemas.json', import.meta.url)
writeFileSync(out, `${JSON.stringify(responseSchemaDocument(), null, 1)}\n`)
console.log(`wrote ${out.pathname}`)
