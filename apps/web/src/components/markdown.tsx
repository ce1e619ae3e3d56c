import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'

/** Elements that never belong in a notice or an operator's text, whatever the sanitiser let through. */
const UNSAFE_ELEMENTS = 'script, iframe, object, embed, frame, frameset, link, meta, base, form'
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset'])
/** A URL with a scheme other than http(s) or mailto (`javascript:`, `data:`, …); relative ones have none. */
const unsafeUrl = (value: string) => {
  const v = value.replace(/[\u0000-\u0020]/g, '')
  return /^[a-z][a-z0-9+.-]*:/i.test(v) && !/^(https?|mailto):/i.test(v)
}

/**
 * Markdown to sanitised HTML; links open in a new tab without a referrer. DOMPurify sanitises; a second
 * pass over the parsed result then removes event-handler attributes, unsafe URLs and script-like
 * elements, so the text stays inert even where the sanitiser cannot walk the tree (a DOM it does not
 * fully support, as in the unit tests' happy-dom, where it returned such markup unchanged).
 */
export const renderMarkdown = (source: string) => {
  const html = marked.parse(source.replace(/\\n/g, '\n'), { async: false, breaks: true, gfm: true })
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
  const doc = new DOMParser().parseFromString(clean, 'text/html')
  doc.body.querySelectorAll(UNSAFE_ELEMENTS).forEach((el) => el.remove())
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const { name, value } of [...el.attributes]) {
      const key = name.toLowerCase()
      if (key.startsWith('on') || (URL_ATTRIBUTES.has(key) && unsafeUrl(value))) el.removeAttribute(name)
    }
  })
  doc.querySelectorAll('a[href]').forEach((a) => {
    a.setAttribute('target', '_blank')
    a.setAttribute('rel', 'noreferrer noopener')
  })
  return doc.body.innerHTML
}

export default function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source])
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
}
