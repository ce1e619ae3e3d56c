import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
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

const saved = settingsStore.get().language
await initI18n(isLocale(saved) ? saved : detectLocale(navigator.languages ?? [navigator.language]))

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
