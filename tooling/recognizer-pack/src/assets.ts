/**
 * The part of this package a server's main thread needs to fetch and check run-time assets: the
 * manifest and the constants a build key depends on. It loads neither sharp nor any image code (those
 * run in the build worker, through the package's main entry).
 */
import { fileURLToPath } from 'node:url'

export * from './asset-manifest'

/**
 * Side of one cell of the item icon sheet, in px: twice the web app's default icon (48 CSS px), so
 * icons are sharp on the HiDPI screens most visitors use (and 1.5× for the 64-px ones). 64-px cells
 * would blur on those screens; 128-px ones cost about 50 % more bytes (≈ 580 KB instead of ≈ 380 KB for
 * the 161 icons) for a difference seen only at 64 CSS px.
 */
export const ICON_CELL_SIZE = 96

/** Dropwise's seed folder (`data/seed` of the repository): the default stage source. */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../../../data/seed', import.meta.url))
