import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { snackbar } from '../../components/feedback/snackbar-store'
import { UPGRADE_RELOAD_MS } from '../../config/constants'

/** Service worker registration and the update prompt (reloads 1 s after the visitor accepts). */
export default function UpdatePrompt() {
  const { t } = useTranslation()
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisterError: () => undefined })
  useEffect(() => {
    if (!needRefresh) return
    snackbar.show(t('upgrade.available'), {
      timeout: 0,
      action: {
        label: t('upgrade.reload'),
        onClick: () => {
          snackbar.show(t('upgrade.reloading'), { timeout: 0 })
          setTimeout(() => void updateServiceWorker(true), UPGRADE_RELOAD_MS)
        },
      },
    })
  }, [needRefresh, t, updateServiceWorker])
  return null
}
