import { execFileSync } from 'node:child_process'

/**
 * How long this host takes to map and write fresh memory: a child `node` (its pages are new to it)
 * allocates `mb` MB and writes one byte per 4 KB page, so every page is a fault the kernel must back.
 * A browser's processes do this all through a page load (new heaps, layers, buffers). On a virtual
 * machine whose freed memory goes back to the host, each such fault can cost ten times a bare
 * machine's, and every main-thread task grows with it, while a CPU loop (and Lighthouse's CPU index,
 * which allocates little) stays fast. Median of `rounds` children, in ms.
 */
export const freshMemoryMs = (mb = 256, rounds = 3): number => {
  const script = `const t = process.hrtime.bigint(); const b = Buffer.allocUnsafeSlow(${mb} * 1048576); for (let i = 0; i < b.length; i += 4096) b[i] = 1; console.log(Number(process.hrtime.bigint() - t) / 1e6)`
  const times = Array.from({ length: rounds }, () => Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()))
  times.sort((a, b) => a - b)
  return Math.round(times[Math.floor(rounds / 2)]!)
}
