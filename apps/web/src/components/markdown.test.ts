import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown'

describe('renderMarkdown', () => {
  it('renders markdown, and links open in a new tab without a referrer', () => {
    const html = renderMarkdown('**Maintenance** at [10:00](https://example.org/status)\\nsecond line')
    expect(html).toContain('<strong>Maintenance</strong>')
    expect(html).toContain('<a href="https://example.org/status" target="_blank" rel="noreferrer noopener">10:00</a>')
    expect(html).toContain('<br>')
  })

  it('leaves nothing that runs: handlers, scripts, frames, javascript: and data: URLs', () => {
    const html = renderMarkdown(
      [
        'Hi <img src=x onerror="window.pwned = 1"> <b onclick="x()">b</b>',
        '<script>window.pwned = 2</script><object data="x"></object>',
        '[click](javascript:alert(1)) <a href=" JaVaScRiPt:alert(2)">two</a> <a href="data:text/html,x">three</a>',
        '[ok](/about/contact) [mail](mailto:a@b.example)',
        '<form action="https://evil.example"><input></form>',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/onerror|onclick|<script|<iframe|<object|<form|javascript:|data:text/i)
    expect(html).toContain('<b>b</b>')
    expect(html).toContain('href="/about/contact"')
    expect(html).toContain('href="mailto:a@b.example"')
  })
})
