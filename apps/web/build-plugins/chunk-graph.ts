// The output chunks as a graph: the build plugins that need to know which files a page loads.

/** What these helpers read of an output chunk. */
export interface GraphChunk {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  moduleIds: readonly string[]
  imports: readonly string[]
}

/** The chunk holding `module` (the end of its path): its own facade, or the group chunk the bundler folded it into. */
export const chunkHolding = <C extends GraphChunk>(chunks: readonly C[], module: string): C | undefined =>
  chunks.find((c) => Boolean(c.facadeModuleId?.endsWith(module))) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)))

/** The files of `start` and everything they import statically, each once; a file the bundle does not hold is left out. */
export const importClosure = (chunks: readonly GraphChunk[], start: readonly string[]): Set<string> => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const files = new Set<string>()
  const add = (file: string) => {
    const c = byFile.get(file)
    if (!c || files.has(file)) return
    files.add(file)
    for (const f of c.imports) add(f)
  }
  for (const f of start) add(f)
  return files
}
