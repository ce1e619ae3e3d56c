import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order `npm test` runs its files in, on two workers. Vitest's own order runs the projects one after the
 * other (alphabetically, so the web app's browser journeys last) and, in a clean checkout with no timings
 * cached, each project's largest files first: the route walks (then `layout` and `a11y-themes`, 85-135 s each)
 * are small files, so they ran last, one worker alone for the last minute or two (CI, 2026-11-28: 65 s of 750).
 * Here the longest work comes first (the route walks, then the other browser journeys) and the many short
 * files fill both workers at the end. Within each group, Vitest's order (cached timings, else size).
 */
const FIRST = [/\/e2e\/route-walks\.e2e\.test\.ts$/]
const JOURNEY = /\/e2e\/[^/]+\.e2e\.test\.ts$/

const rank = (spec: TestSpecification) => {
  const first = FIRST.findIndex((re) => re.test(spec.moduleId))
  if (first >= 0) return first
  return JOURNEY.test(spec.moduleId) ? FIRST.length : FIRST.length + 1
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    return ordered
      .map((spec, i) => ({ spec, i, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ spec }) => spec)
  }
}
