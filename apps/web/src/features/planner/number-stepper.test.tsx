import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NumberStepper } from './number-stepper'

afterEach(cleanup)

/** A stepper whose value follows its onChange, as the planner's store does. */
function Controlled({ initial = 0, onChange = () => undefined, max }: { initial?: number; onChange?: (v: number) => void; max?: number }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <NumberStepper
        label="Need"
        inputLabel="Need: Orirock"
        value={value}
        rules={max === undefined ? undefined : { min: 0, max }}
        onChange={(v) => {
          setValue(v)
          onChange(v)
        }}
        decreaseLabel="Decrease Need of Orirock"
        increaseLabel="Increase Need of Orirock"
        testId="need"
      />
      <button type="button" onClick={() => setValue(42)}>
        set from outside
      </button>
    </>
  )
}

const input = () => screen.getByTestId('need') as HTMLInputElement

describe('NumberStepper', () => {
  it('names the input and its buttons, and shows the label', () => {
    render(<Controlled initial={3} />)
    expect(screen.getByRole('textbox', { name: 'Need: Orirock' })).toBe(input())
    expect(input().value).toBe('3')
    expect(input().inputMode).toBe('decimal')
    // The visible label is tied to the input (a click on it focuses the field).
    expect(screen.getByText('Need', { selector: 'label' }).getAttribute('for')).toBe(input().id)
    expect(screen.getByRole('button', { name: 'Decrease Need of Orirock' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Increase Need of Orirock' })).toBeTruthy()
  })

  it('steps with the buttons and the arrow keys, and stops at the bounds', () => {
    const onChange = vi.fn()
    render(<Controlled initial={1} max={2} onChange={onChange} />)
    const minus = screen.getByRole('button', { name: 'Decrease Need of Orirock' }) as HTMLButtonElement
    const plus = screen.getByRole('button', { name: 'Increase Need of Orirock' }) as HTMLButtonElement
    fireEvent.click(plus)
    expect(input().value).toBe('2')
    expect(plus.disabled).toBe(true)
    fireEvent.keyDown(input(), { key: 'ArrowDown' })
    fireEvent.keyDown(input(), { key: 'ArrowDown' })
    expect(input().value).toBe('0')
    expect(minus.disabled).toBe(true)
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([2, 1, 0])
  })

  it('keeps text being typed, refuses what is not a number, and tidies up on blur', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    fireEvent.change(input(), { target: { value: '2.5' } })
    expect(onChange).toHaveBeenLastCalledWith(2.5)
    // Half a number stays as typed, and changes nothing yet.
    fireEvent.change(input(), { target: { value: '2.' } })
    expect(input().value).toBe('2.')
    fireEvent.change(input(), { target: { value: '2.x' } })
    expect(input().value).toBe('2.')
    expect(onChange).toHaveBeenCalledTimes(1)
    // A number too large to be one (Infinity, which the stored plan kept as null) changes nothing either.
    fireEvent.change(input(), { target: { value: '1e999' } })
    expect(onChange).toHaveBeenCalledTimes(1)
    fireEvent.blur(input())
    expect(input().value).toBe('2.5')
  })

  it('refuses a paste that is not a plain decimal', () => {
    render(<Controlled />)
    const paste = (text: string) => fireEvent.paste(input(), { clipboardData: { getData: () => text } })
    expect(paste('12abc')).toBe(false) // default prevented
    expect(paste('12.5')).toBe(true)
  })

  it('takes typed full-width digits; a paste keeps the plain-decimal rule', () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    fireEvent.change(input(), { target: { value: '１２．５' } })
    expect(input().value).toBe('12.5')
    expect(onChange).toHaveBeenLastCalledWith(12.5)
    expect(fireEvent.paste(input(), { clipboardData: { getData: () => '３０' } })).toBe(false)
  })

  it("keeps an input method's text until it is committed, then reads it or puts the value back", () => {
    const onChange = vi.fn()
    render(<Controlled initial={7} onChange={onChange} />)
    // What Chromium sends while a Japanese IME composes: input events with isComposing set.
    const compose = (text: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), text)
      input().dispatchEvent(new InputEvent('input', { bubbles: true, isComposing: true, data: text }))
    }
    fireEvent.compositionStart(input())
    compose('１')
    compose('１２')
    expect(input().value).toBe('１２')
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.compositionEnd(input())
    expect(input().value).toBe('12')
    expect(onChange).toHaveBeenLastCalledWith(12)
    // Kana committed into a number field: the text goes back to the value, which stays.
    fireEvent.compositionStart(input())
    compose('あ')
    expect(input().value).toBe('あ')
    fireEvent.compositionEnd(input())
    expect(input().value).toBe('12')
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('shows a value set from outside', () => {
    render(<Controlled />)
    fireEvent.click(screen.getByRole('button', { name: 'set from outside' }))
    expect(input().value).toBe('42')
  })
})
