import Box from '@mui/material/Box'
import type { EvidenceBox, EvidenceKind, RecognitionResult } from '@dropwise/recognizer'

const COLOURS: Record<EvidenceKind, string> = {
  anchor: '#90a4ae',
  stage: '#29b6f6',
  stars: '#26c6da',
  group: '#ffca28',
  item: '#66bb6a',
  quantity: '#ab47bc',
}
const PROBLEM = '#ef5350'

/** Index of the drop an exception is about (`drops.3`, `drops.3.quantity`), if any. */
const dropIndexOf = (where: string): number | null => {
  const m = /^drops\.(\d+)/.exec(where)
  return m ? Number(m[1]) : null
}

/**
 * The screenshot with the areas the recogniser read drawn over it (SVG in the working copy's
 * coordinates, stretched over the image). Items with an exception are drawn in red.
 */
export function EvidenceOverlay({ src, alt, result, showBoxes = true }: { src: string; alt: string; result: RecognitionResult | null; showBoxes?: boolean }) {
  const ev = result?.evidence
  const problems = new Set((result?.exceptions ?? []).map((e) => dropIndexOf(e.where)).filter((i): i is number => i !== null))
  const colour = (b: EvidenceBox) => ((b.kind === 'item' || b.kind === 'quantity') && b.index !== undefined && problems.has(b.index) ? PROBLEM : COLOURS[b.kind])
  return (
    <Box sx={{ position: 'relative', width: '100%', lineHeight: 0 }}>
      <Box component="img" src={src} alt={alt} loading="lazy" sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 1 }} />
      {showBoxes && ev && ev.boxes.length > 0 && (
        <Box
          component="svg"
          viewBox={`0 0 ${ev.width} ${ev.height}`}
          preserveAspectRatio="none"
          aria-hidden
          data-testid="evidence-overlay"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
          {ev.boxes.map((b, i) => (
            <rect
              key={i}
              data-kind={b.kind}
              x={b.x}
              y={b.y}
              width={b.w}
              height={b.h}
              fill="none"
              stroke={colour(b)}
              strokeWidth={b.kind === 'group' ? 2 : 3}
              vectorEffect="non-scaling-stroke"
              rx={b.kind === 'item' ? b.w / 2 : 2}
            />
          ))}
        </Box>
      )}
    </Box>
  )
}
