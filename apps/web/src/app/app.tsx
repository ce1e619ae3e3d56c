import { ItemListSchema, type Item } from '@dropwise/schemas'
import { useEffect, useState } from 'react'

type State = { kind: 'loading' } | { kind: 'ready'; items: Item[] } | { kind: 'error'; message: string }

/**
 * A minimal page for the spine: proves the server serves the web app and the API round trip.
 * The real app shell (routes, settings, languages) replaces it in issue #4.
 */
export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })
  useEffect(() => {
    fetch('/PenguinStats/api/v2/items')
      .then(async (res) => {
        if (!res.ok) throw new Error(`The API answered ${res.status}. Try again in a moment.`)
        return ItemListSchema.parse(await res.json())
      })
      .then((items) => setState({ kind: 'ready', items }))
      .catch((err: unknown) => setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) }))
  }, [])

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '48rem', margin: '3rem auto', padding: '0 1rem' }}>
      <h1>Dropwise</h1>
      <p>Community drop statistics for Arknights.</p>
      {state.kind === 'loading' && <p role="status">Loading items…</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && (
        <>
          <p role="status">{state.items.length} items known.</p>
          <ul>
            {state.items.slice(0, 12).map((i) => (
              <li key={i.itemId}>{i.name_i18n.en || i.name}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href="/api/docs">API documentation</a>
      </p>
      <footer>
        <small>
          Drop data: <a href="https://penguin-stats.io">Penguin Statistics</a>, licensed{' '}
          <a href="https://creativecommons.org/licenses/by-nc/4.0/">CC BY-NC 4.0</a>.
        </small>
      </footer>
    </main>
  )
}
