import { styled } from '@mui/material/styles'
import { useEffect, useId, useState } from 'react'
import { isPlainDecimal, normalizeNumber, parseTyped, stepNumber, toHalfWidth, type NumberRules } from './number-input'

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

/** Material's "remove" and "add" icons (Apache-2.0), drawn inline: no icon component per button. */
const MINUS = 'M19 13H5v-2h14z'
const PLUS = 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z'

/**
 * The look of MUI's small outlined TextField with − and + icon buttons as adornments, in plain
 * elements under one styled root. The planner draws two per item (120 for the seed's 60 items). As
 * TextField, FormControl, InputLabel, OutlinedInput, two InputAdornments and two IconButtons with their
 * ripples, each stepper was about 30 components, and the item list about a fifth of the planner's
 * main-thread time in long tasks. Here it is one component: a root and five children (label, buttons,
 * input, the outline), every stepper sharing the root's class.
 */
const Root = styled('div')(({ theme }) => {
  const border = theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'
  return {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    flex: '1 1 0',
    minWidth: 0,
    padding: '0 11px',
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.text.primary,
    '& > fieldset': {
      position: 'absolute',
      inset: '-5px 0 0 0',
      margin: 0,
      padding: '0 8px',
      textAlign: 'left',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      border: `1px solid ${border}`,
      overflow: 'hidden',
      minWidth: '0%',
    },
    '& > fieldset > legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: '100%',
      whiteSpace: 'nowrap',
    },
    '& > fieldset > legend > span': { paddingLeft: 5, paddingRight: 5, display: 'inline-block', opacity: 0, visibility: 'visible' },
    '& > label': {
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      transform: 'translate(14px, -9px) scale(0.75)',
      transformOrigin: 'top left',
      maxWidth: 'calc(133% - 32px)',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      pointerEvents: 'none',
      color: theme.palette.text.secondary,
      lineHeight: '1.4375em',
    },
    '& > input': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      flex: '1 1 0',
      minWidth: 0,
      width: '100%',
      boxSizing: 'content-box',
      height: '1.4375em',
      margin: 0,
      padding: '8.5px 4px',
      border: 0,
      background: 'none',
      outline: 0,
      textAlign: 'center',
      WebkitTapHighlightColor: 'transparent',
    },
    '& > button': {
      flex: 'none',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: 5,
      margin: 0,
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: theme.palette.action.active,
      cursor: 'pointer',
      WebkitTapHighlightColor: 'transparent',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '& > svg': { width: 20, height: 20, fill: 'currentColor' },
      '&:disabled': { color: theme.palette.action.disabled, cursor: 'default' },
      '&:focus-visible': { backgroundColor: theme.palette.action.focus, outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
      '@media (hover: hover)': { '&:hover:not(:disabled)': { backgroundColor: theme.palette.action.hover } },
    },
    '@media (hover: hover)': { '&:hover > fieldset': { borderColor: theme.palette.text.primary } },
    // The input's focus colours the outline and the label, as in MUI (a button's focus rings the button).
    '&:has(> input:focus) > fieldset': { borderColor: theme.palette.primary.main, borderWidth: 2 },
    '&:has(> input:focus) > label': { color: theme.palette.primary.main },
  }
})

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
)

const DEFAULT_RULES: NumberRules = { min: 0 }
/** Text on its way to a number (empty and a lone `-` included): anything else typed is refused. */
const TYPING = /^-?\d*\.?\d*(?:[eE][-+]?\d*)?$/

/**
 * A number field with − and + buttons following the spec's number-input rules: clamped, pastes of
 * plain decimals only, float noise rounded; typed full-width digits are read as ASCII. Text being typed
 * stays as typed until it is a number.
 */
export function NumberStepper({ label, inputLabel, value, onChange, rules = DEFAULT_RULES, decreaseLabel, increaseLabel, testId }: NumberStepperProps) {
  const id = useId()
  const [text, setText] = useState(String(value))
  // A value set from outside (craft, import, reset) replaces the text unless the text already says it.
  useEffect(() => {
    setText((old) => (parseTyped(old, rules) === value ? old : String(value)))
  }, [value, rules])
  // Typed text, full-width digits as ASCII: kept while it can still become a number (`false`, and the
  // field keeps its text, when it cannot), and passed on once it is one.
  const take = (raw: string): boolean => {
    const typed = toHalfWidth(raw)
    if (!TYPING.test(typed)) return false
    setText(typed)
    const parsed = parseTyped(typed, rules)
    if (parsed !== null && parsed !== value) onChange(parsed)
    return true
  }
  const commit = (next: number) => {
    const v = normalizeNumber(next, rules)
    setText(String(v))
    if (v !== value) onChange(v)
  }
  return (
    <Root>
      <label htmlFor={id}>{label}</label>
      <button type="button" aria-label={decreaseLabel} disabled={value <= (rules.min ?? -Infinity)} onClick={() => commit(stepNumber(value, -1, rules))}>
        <Icon d={MINUS} />
      </button>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        aria-label={inputLabel}
        data-testid={testId}
        value={text}
        onChange={(e) => {
          // An input method's text stays as it is until the player commits it (compositionend).
          if ((e.nativeEvent as InputEvent).isComposing) setText(e.target.value)
          else take(e.target.value)
        }}
        onCompositionEnd={(e) => {
          if (!take(e.currentTarget.value)) setText(String(value))
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
      />
      <button type="button" aria-label={increaseLabel} disabled={value >= (rules.max ?? Infinity)} onClick={() => commit(stepNumber(value, 1, rules))}>
        <Icon d={PLUS} />
      </button>
      {/* The outline, with a gap for the label (MUI's notched outline). */}
      <fieldset aria-hidden="true">
        <legend>
          <span>{label}</span>
        </legend>
      </fieldset>
    </Root>
  )
}
