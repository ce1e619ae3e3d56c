/**
 * The page set of strings in this language (src/lib/i18n.ts): every feature folder's file but the start set's
 * (`browse`), gathered in one module so the start chunk names one loader per language rather than one per file.
 */
const files = import.meta.glob<Record<string, unknown>>(['../*/ja-JP.json', '!../browse/*.json'], { eager: true, import: 'default' })
export default Object.values(files)
