/** What `recognize` returns for one screenshot, and its options. */
import type { RecognitionException } from './exceptions'
import type { Difficulty, Server } from './pack'

/** Drop types a report carries. */
export type ReportDropType = 'NORMAL_DROP' | 'SPECIAL_DROP' | 'EXTRA_DROP' | 'FURNITURE'

/** One recognised drop, left to right. */
export interface RecognizedDrop {
  dropType: ReportDropType
  /** null when no template matched well enough (then an exception is raised). */
  itemId: string | null
  quantity: number
  /** 0..1 per field: the template score for the item, digit-hash closeness for the quantity. */
  confidence: { item: number; quantity: number }
  /** Whether the item is in the stage's drop list. */
  inStageDrops: boolean
  /** Whether the item is one of the stage's recognition-only items (shown, not reported). */
  recognitionOnly: boolean
}

/** What an evidence box marks on the screenshot. */
export type EvidenceKind = 'anchor' | 'stage' | 'stars' | 'group' | 'item' | 'quantity'

/**
 * A rectangle the recogniser read, in working pixels (see `RecognitionResult.evidence`). `index` is
 * the position in `groups` (kind group) or in `drops` (kinds item and quantity).
 */
export interface EvidenceBox {
  kind: EvidenceKind
  x: number
  y: number
  w: number
  h: number
  index?: number
}

/** Everything read from one screenshot. */
export interface RecognitionResult {
  /** Whether this looks like a battle-result screen at all. */
  resultScreen: boolean
  stage: { code: string; stageId: string; difficulty: Difficulty; confidence: number } | null
  stars: { lit: number; shown: number; confidence: number } | null
  /** A 2023+ multi-run ("连续代理作战") summary screen. */
  multiRun: boolean
  /** Drop-type groups on the underline, left to right (LMB and sanity groups included). */
  groups: { dropType: string; itemCount: number; confidence: number }[]
  drops: RecognizedDrop[]
  exceptions: RecognitionException[]
  /** FNV-1a (2×32 bit) of the RGBA pixels: equal pixels give equal fingerprints. */
  fingerprint: string
  /**
   * Where each field was read, for an overlay on the screenshot: boxes in the pixels of the working
   * copy (`width` × `height`, the screenshot scaled to WORK_HEIGHT rows); scale by
   * screenshot height / `height` to draw on the original.
   */
  evidence: { width: number; height: number; boxes: EvidenceBox[] }
}

/** Options of `recognize`. */
export interface RecognizeOptions {
  /** The game server the screenshot comes from: picks the stage index and digit font. */
  server: Server
  /** Minimum template score for an item of the stage's list (default 0.6). */
  itemThreshold?: number
  /**
   * Minimum score for an item outside the stage's list, matched against every template of the
   * pack (default 0.8; set above 1 to disable the open-set fallback).
   */
  openSetThreshold?: number
  /**
   * When the screenshot was taken (ms since epoch, e.g. the file's lastModified). Picks among
   * stages sharing a code (an event's original, re-run and permanent versions) by their windows.
   */
  at?: number
}

/** An evidence box with whole-pixel coordinates. */
export const evidenceBox = (kind: EvidenceKind, r: { x: number; y: number; w: number; h: number }, index?: number): EvidenceBox => ({
  kind,
  x: Math.round(r.x),
  y: Math.round(r.y),
  w: Math.round(r.w),
  h: Math.round(r.h),
  ...(index === undefined ? {} : { index }),
})
