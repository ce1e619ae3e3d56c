import SCHEMAS from './answer-schemas.json'
import { assertSchema, type JsonSchema } from './schema-check'

/*
 * Answers a page asks for itself, checked against the shared zod schemas in their generated JSON Schema form
 * (answer-schemas.json, kept in step with @dropwise/schemas by a unit test): zod and its set-up, a 12-16 ms
 * task, stay out of the pages that show them.
 */
export type AnswerSchemaName = keyof typeof SCHEMAS

/** `raw` as `T` when it is the named answer; else an InvalidStructureError naming the first problem. */
export const checkAnswer = <T>(name: AnswerSchemaName, raw: unknown): T => assertSchema<T>(SCHEMAS[name] as JsonSchema, raw)
