// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { hintedFiles, type HintChunk } from '../../build-plugins/compile-hints'

const chunk = (fileName: string, over: Partial<HintChunk> = {}): HintChunk => ({ fileName, isEntry: false, facadeModuleId: null, moduleIds: [], imports: [], ...over })

describe('the files marked for eager compilation (build-plugins/compile-hints.ts)', () => {
  it('marks the entries and the pages with what they import statically, and nothing loaded later', () => {
    const chunks = [
      chunk('start.js', { isEntry: true, imports: ['runtime.js'] }),
      chunk('runtime.js'),
      chunk('stats.js', { facadeModuleId: '/repo/src/features/results/stats-pages.tsx', imports: ['Tooltip.js', 'start.js'] }),
      chunk('Tooltip.js', { imports: ['Popper.js'] }),
      chunk('Popper.js'),
      // The home page folded into a group chunk: found by the modules it holds.
      chunk('home.js', { moduleIds: ['/repo/src/features/home/home-card.tsx', '/repo/src/features/home/home-page.tsx'] }),
      // Loaded on demand only: the charts, a dialog, the recognizer.
      chunk('charts.js', { facadeModuleId: '/repo/src/components/charts/trend-dialog.tsx', imports: ['Popper.js'] }),
      chunk('recognizer.js', { isEntry: false, imports: ['runtime.js'] }),
    ]
    const files = hintedFiles(chunks, ['/src/features/home/home-page.tsx', '/src/features/results/stats-pages.tsx'])
    expect([...files].sort()).toEqual(['Popper.js', 'Tooltip.js', 'home.js', 'runtime.js', 'start.js', 'stats.js'])
  })

  it('follows import cycles once and ignores files the bundle does not hold', () => {
    const chunks = [chunk('a.js', { isEntry: true, imports: ['b.js'] }), chunk('b.js', { imports: ['a.js', 'gone.js'] })]
    expect([...hintedFiles(chunks, [])].sort()).toEqual(['a.js', 'b.js'])
  })
})
