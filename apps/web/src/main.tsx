import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadPage } from './app/router'
import { detectLocale, initI18n, isLocale } from './lib/i18n'
import { readUserCookie, removeUserCookie, adoptUserId, installApiHooks } from './lib/session'
import { settingsStore } from './lib/state'

installApiHooks()

// A `userID` cookie left by the server (e.g. after a report) logs the visitor in once.
const cookieUser = readUserCookie(document.cookie)
if (cookieUser) {
  adoptUserId(cookieUser)
  removeUserCookie()
}

// The page being opened loads alongside the strings instead of after the first render.
preloadPage(location.pathname)

const saved = settingsStore.get().language
await initI18n(isLocale(saved) ? saved : detectLocale(navigator.languages ?? [navigator.language]))

const root = document.getElementById('root')
// A transition: React renders the first screen in slices and yields in between, so the main thread
// has no long task (the start screen in index.html is already painted).
if (root)
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
