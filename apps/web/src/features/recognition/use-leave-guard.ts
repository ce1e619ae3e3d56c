import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../components/feedback/confirm-store'
import { useBlocker } from '../../lib/history'

/**
 * While `pending` (results not submitted yet), closing the tab and leaving the page inside the app
 * both ask first.
 */
export const useLeaveGuard = (pending: boolean) => {
  const { t } = useTranslation()

  useEffect(() => {
    if (!pending) return
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
    }
    window.addEventListener('beforeunload', onUnload)
    return () => window.removeEventListener('beforeunload', onUnload)
  }, [pending])

  const blocker = useBlocker(({ currentLocation, nextLocation }) => pending && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    void confirm({
      title: t('recognition.leave.title'),
      message: t('recognition.leave.message'),
      confirmText: t('recognition.leave.confirm'),
      cancelText: t('recognition.leave.cancel'),
      color: 'warning',
    }).then((ok) => (ok ? blocker.proceed() : blocker.reset()))
  }, [blocker, t])
}
