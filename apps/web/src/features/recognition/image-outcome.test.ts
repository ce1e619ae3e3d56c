import type { RecognitionException } from '@dropwise/recognizer'
import { describe, expect, it } from 'vitest'
import { groupExceptions, isPreselected, isSelectable, outcomeOf } from './image-outcome'

const ex = (code: RecognitionException['code'], severity: RecognitionException['severity'] = 'error'): RecognitionException => ({
  code,
  severity,
  where: 'x',
  detail: '',
})

describe('outcome and selection', () => {
  it('is success without exceptions, warning with warnings only, error with any error', () => {
    expect(outcomeOf([])).toBe('success')
    expect(outcomeOf([ex('StageChar::LowConfidence', 'warning')])).toBe('warning')
    expect(outcomeOf([ex('StageChar::LowConfidence', 'warning'), ex('Fingerprint::Same')])).toBe('error')
    expect([isSelectable('success'), isSelectable('warning'), isSelectable('error')]).toEqual([true, true, false])
    expect([isPreselected('success'), isPreselected('warning'), isPreselected('error')]).toEqual([true, false, false])
  })

  it('groups exceptions by code with counts, errors before warnings', () => {
    const g = groupExceptions([ex('DropQuantityChar::LowConfidence', 'warning'), ex('DropAreaDrops::LowConfidence'), ex('DropAreaDrops::LowConfidence')])
    expect(g.map((x) => [x.code, x.count])).toEqual([
      ['DropAreaDrops::LowConfidence', 2],
      ['DropQuantityChar::LowConfidence', 1],
    ])
  })
})
