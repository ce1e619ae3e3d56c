/**
 * The icon an item gets without game art: a shape and a colour picked from its id, and a short text
 * from its name in the UI language (the id when it has none). The shape and colour tell apart the
 * items whose texts agree (Orirock Cluster and Orirock Concentration are both "OC"); over the seed
 * no two items share all three (drawn-item-icon.test.ts).
 */
export interface DrawnIcon {
  /** Corners of the outline, 0 for a circle. */
  sides: number
  /** The outline turned by half a corner (a diamond instead of a square). */
  turned: boolean
  /** Hue of the shape, degrees. */
  hue: number
  text: string
}

const SHAPES = [
  [0, false],
  [3, false],
  [3, true],
  [4, false],
  [4, true],
  [5, false],
  [5, true],
  [6, false],
  [6, true],
  [7, false],
  [7, true],
  [8, false],
] as const
const HUES = 12

// FNV-1a: a stable spread of ids over shapes and colours.
const hash = (s: string) => {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

// Ideographs, kana and Hangul take two letters' room: two of them fill the icon.
const WIDE = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u

/**
 * Up to three letters from a name: the initials of its words ("Drill Battle Record" → "DBR"), the
 * first two letters of a single longer word ("Orirock" → "Or", "LMD" stays); for names in Chinese
 * or Japanese the first and last character of the script ("固源岩组" → "固组", "中級前衛SoC" → "中衛"),
 * in Korean the first syllables of the first two words ("원암 큐브" → "원큐").
 */
export const iconText = (name: string): string => {
  const words = name.split(/[\s_\-–·・:：/()（）「」『』【】]+/u).filter(Boolean)
  const first = words[0] ?? ''
  if (WIDE.test(first)) {
    const korean = words.length > 1 && /[\uac00-\ud7af]/u.test(first)
    const chars = korean ? words.slice(0, 2).map((w) => [...w][0] ?? '') : [...words.join('')].filter((c) => WIDE.test(c))
    return chars.length <= 2 ? chars.join('') : `${chars[0] ?? ''}${chars.at(-1) ?? ''}`
  }
  if (words.length > 1)
    return words
      .slice(0, 3)
      .map((w) => [...w][0] ?? '')
      .join('')
      .toUpperCase()
  const letters = [...first]
  return letters.length <= 3 ? first : `${(letters[0] ?? '').toUpperCase()}${(letters[1] ?? '').toLowerCase()}`
}

/** The icon of an item named `name` in the UI language; without a name, the last three letters of its id ("30012" → "012"). */
export const drawnIcon = (itemId: string, name: string): DrawnIcon => {
  const h = hash(itemId)
  const [sides, turned] = SHAPES[h % SHAPES.length] ?? SHAPES[0]
  const text = name.trim() ? iconText(name.trim()) : itemId.replace(/[^\p{L}\p{N}]/gu, '').slice(-3)
  return { sides, turned, hue: (Math.floor(h / SHAPES.length) % HUES) * (360 / HUES), text }
}

const outline = (sides: number, turned: boolean, r: number) =>
  Array.from({ length: sides }, (_, i) => {
    const a = -Math.PI / 2 + ((i + (turned ? 0.5 : 0)) * 2 * Math.PI) / sides
    return `${(24 + r * Math.cos(a)).toFixed(1)},${(24 + r * Math.sin(a)).toFixed(1)}`
  }).join(' ')

/**
 * The drawn icon as a background: an SVG image in a `data:` address, so its letters are no text of
 * the page (a link's visible text stays the item's name, as its accessible name says).
 */
export const drawnIconStyle = ({ sides, turned, hue, text }: DrawnIcon) => {
  const paint = `fill='hsl(${hue} 62% 32%)' stroke='white' stroke-opacity='.85' stroke-width='2'`
  const shape = sides === 0 ? `<circle cx='24' cy='24' r='19' ${paint}/>` : `<polygon points='${outline(sides, turned, sides === 3 ? 23 : 21)}' ${paint}/>`
  const y = sides === 3 && !turned ? 28 : sides === 3 ? 20 : 24
  const size = WIDE.test(text) ? 14 : text.length > 2 ? 12 : 15
  const letters =
    `<text x='24' y='${y}' dominant-baseline='central' text-anchor='middle' font-size='${size}' font-weight='700' font-family='system-ui,sans-serif' ` +
    `fill='white' stroke='black' stroke-opacity='.55' stroke-width='2.5' paint-order='stroke'>${text.replace(/[&<>']/g, (c) => `&#${c.charCodeAt(0)};`)}</text>`
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'>${shape}${letters}</svg>`
  return {
    backgroundImage: `url("data:image/svg+xml,${encodeURIComponent(svg).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}")`,
    backgroundSize: '100% 100%',
  }
}
