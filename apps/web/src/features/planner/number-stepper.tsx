import Add from '@mui/icons-material/Add'
import Remove from '@mui/icons-material/Remove'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import { useEffect, useState } from 'react'
import { isPlainDecimal, normalizeNumber, parseTyped, stepNumber, type NumberRules } from './number-input'

interface NumberStepperProps {
  label: string
  /** Accessible name of the input when the visible label alone is ambiguous (e.g. "Need: Orirock"). */
  inputLabel?: string
  value: number
  onChange: (value: number) => void
  rules?: NumberRules
  decreaseLabel: string
  increaseLabel: string
  testId?: string
}

/**
 * A number field with − and + buttons following the spec's number-input rules: clamped, pastes of
 * plain decimals only, float noise rounded. Text being typed stays as typed until it is a number.
 */
const DEFAULT_RULES: NumberRules = { min: 0 }

export function NumberStepper({ label, inputLabel, value, onChange, rules = DEFAULT_RULES, decreaseLabel, increaseLabel, testId }: NumberStepperProps) {
  const [text, setText] = useState(String(value))
  // A value set from outside (craft, import, reset) replaces the text unless the text already says it.
  useEffect(() => {
    setText((old) => (parseTyped(old, rules) === value ? old : String(value)))
  }, [value, rules])
  const commit = (next: number) => {
    const v = normalizeNumber(next, rules)
    setText(String(v))
    if (v !== value) onChange(v)
  }
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => {
        const raw = e.target.value
        if (raw !== '' && raw !== '-' && !/^-?\d*\.?\d*(?:[eE][-+]?\d*)?$/.test(raw)) return
        setText(raw)
        const parsed = parseTyped(raw, rules)
        if (parsed !== null && parsed !== value) onChange(parsed)
      }}
      onBlur={() => setText(String(value))}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault()
          commit(stepNumber(value, e.key === 'ArrowUp' ? 1 : -1, rules))
        }
      }}
      onPaste={(e) => {
        if (!isPlainDecimal(e.clipboardData.getData('text'))) e.preventDefault()
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': inputLabel, 'data-testid': testId, style: { textAlign: 'center' } },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <IconButton
                size="small"
                edge="start"
                aria-label={decreaseLabel}
                disabled={value <= (rules.min ?? -Infinity)}
                onClick={() => commit(stepNumber(value, -1, rules))}
              >
                <Remove fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={increaseLabel}
                disabled={value >= (rules.max ?? Infinity)}
                onClick={() => commit(stepNumber(value, 1, rules))}
              >
                <Add fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 0, '& input': { px: 0.5 } }}
    />
  )
}
