import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { SW_REGISTER_DELAY_MS, UPGRADE_RELOAD_MS } from '../../config/constants'
import { whenIdleAfter } from '../../lib/idle'

/**
 * Service worker registration and the update prompt (reloads 1 s after the visitor accepts).
 * The browser's own API rather than workbox-window: registering, noticing a waiting worker and
 * telling it to take over (the generated sw.js handles `SKIP_WAITING`) is all the prompt needs,
 * and it keeps 2 KB gzip off the first load.
 */
export default function UpdatePrompt() {
  const { t } = useTranslation()
  useEffect(() => {
    const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined
    if (!sw) return
    let cancelled = false
    let accepted = false
    const onControllerChange = () => {
      if (accepted) location.reload()
    }
    sw.addEventListener('controllerchange', onControllerChange)
    // A new worker waiting while an old one controls the page: an update, offered once.
    const offer = (worker: ServiceWorker) => {
      if (cancelled || !sw.controller) return
      snackbar.show(t('upgrade.available'), {
        timeout: 0,
        action: {
          label: t('upgrade.reload'),
          onClick: () => {
            snackbar.show(t('upgrade.reloading'), { timeout: 0 })
            accepted = true
            setTimeout(() => worker.postMessage({ type: 'SKIP_WAITING' }), UPGRADE_RELOAD_MS)
          },
        },
      })
    }
    const register = () =>
      sw.register('/sw.js', { scope: '/' }).then(
        (registration: ServiceWorkerRegistration | undefined) => {
          // Some browsers (and automation that blocks workers) resolve without a registration.
          if (!registration) return
          if (registration.waiting) offer(registration.waiting)
          registration.addEventListener('updatefound', () => {
            const worker = registration.installing
            worker?.addEventListener('statechange', () => {
              if (worker.state === 'installed') offer(worker)
            })
          })
        },
        () => undefined, // no service worker (private mode, blocked): the app works without it
      )
    // Registered a while after the page has loaded, once it is idle (the usual advice, with time for the
    // page's own start-up): installing the worker downloads every asset for offline use, which must not
    // compete with the first screen. A visitor who leaves sooner gets it on the next visit.
    const cancelRegister = whenIdleAfter(() => void register(), SW_REGISTER_DELAY_MS)
    return () => {
      cancelRegister()
      cancelled = true
      sw.removeEventListener('controllerchange', onControllerChange)
    }
  }, [t])
  return null
}
