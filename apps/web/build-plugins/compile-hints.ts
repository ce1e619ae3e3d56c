import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { chunkHolding, importClosure, type GraphChunk } from './chunk-graph'

/** V8's file-wide explicit compile hint (Chrome 136+): the first line of a script. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/** What the selection reads of an output chunk. */
export type HintChunk = GraphChunk

/**
 * The files a first load evaluates: the entries, the chunks holding `pageModules` (the pages the server
 * renders or the build pre-renders), and everything those import statically.
 */
export const hintedFiles = (chunks: readonly HintChunk[], pageModules: readonly string[]): Set<string> =>
  importClosure(chunks, [...chunks.filter((c) => c.isEntry).map((c) => c.fileName), ...pageModules.flatMap((m) => chunkHolding(chunks, m)?.fileName ?? [])])

/**
 * Marks the code of a first load for eager compilation. V8 compiles a function when it is first called,
 * on the main thread, unless the script says its functions are all called as it loads
 * (`//# allFunctionsCalledOnLoad`, Chrome 136+; other browsers read a comment): then it compiles them while
 * the script streams in, on a background thread. An item page's load spent 130-190 ms of main-thread time
 * (traced, unthrottled) compiling functions lazily; with the hint 6 ms.
 *
 * The files are changed as written (after Vite put its preload map at the top of the entry): the comment
 * must come first. Their names keep the hash of the content without it; the comment is the same in
 * every build, so a name still stands for one content.
 */
export const compileHints = (pageModules: readonly string[]): Plugin => ({
  name: 'dropwise-compile-hints',
  apply: 'build',
  writeBundle(options, bundle) {
    if (!options.dir) throw new Error('dropwise-compile-hints: the output has no directory')
    const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
    for (const fileName of hintedFiles(chunks, pageModules)) {
      const file = join(options.dir, fileName)
      const code = readFileSync(file, 'utf8')
      if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, `${COMPILE_HINT}\n${code}`)
    }
  },
})
