import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'

/** Markdown to sanitised HTML; links open in a new tab without a referrer. */
export const renderMarkdown = (source: string) => {
  const html = marked.parse(source.replace(/\\n/g, '\n'), { async: false, breaks: true, gfm: true })
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
  const doc = new DOMParser().parseFromString(clean, 'text/html')
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
