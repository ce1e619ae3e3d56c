import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import { useEffect, useState } from 'react'

/** Three fields a row on a phone: less padding than MUI's, the arrow kept clear. */
const COMPACT = { '& .MuiNativeSelect-select': { pl: 1, pr: '24px !important' }, '& .MuiNativeSelect-icon': { right: 2 } } as const

/** A choice among a few values (a native select: light, and every platform's own picker). */
export function Choice({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string
  value: number
  options: { value: number; label: string; disabled?: boolean }[]
  onChange: (v: number) => void
  testId: string
}) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label, 'data-testid': testId } }}
      fullWidth
      sx={COMPACT}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </TextField>
  )
}

/** The level, typed: kept while it is a whole number within the phase, set back to what it was on leaving the field otherwise. */
export function LevelField({
  label,
  value,
  cap,
  min,
  onChange,
  testId,
}: {
  label: string
  value: number
  cap: number
  min: number
  onChange: (v: number) => void
  testId: string
}) {
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])
  const commit = (raw: string) => {
    const n = Number(raw.normalize('NFKC').trim())
    if (Number.isInteger(n) && n >= min && n <= cap) {
      if (n !== value) onChange(n)
      return true
    }
    return false
  }
  return (
    <TextField
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        commit(e.target.value)
      }}
      onBlur={() => {
        if (!commit(text)) setText(String(value))
      }}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-label': label, 'data-testid': testId, min, max: cap },
        input: { endAdornment: <InputAdornment position="end">/{cap}</InputAdornment> },
      }}
      sx={{ '& .MuiInputBase-input': { pl: 1 }, '& .MuiInputBase-root': { pr: 1 } }}
    />
  )
}
