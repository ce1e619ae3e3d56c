import AccountCircle from '@mui/icons-material/AccountCircle'
import Login from '@mui/icons-material/Login'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import { lazy, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { MountWhen } from '../../components/lazy-mount'
import { useHydrated } from '../../lib/hydration'
import { loadPageLocales } from '../../lib/i18n'
import { isLoginOpen, openLoginDialog, subscribeLogin } from '../../lib/login-dialog'
import { useAuth } from '../../lib/state-hooks'

/**
 * The dialogs and the account menu load when first opened (./account-dialogs), with the page set of strings,
 * where theirs are (locales/shell).
 */
const AccountDialogs = lazy(() => Promise.all([import('./account-dialogs'), loadPageLocales()]).then(([m]) => m))

export function AccountManager() {
  const { t } = useTranslation()
  const auth = useAuth()
  // The pre-rendered page is logged out; a stored login appears once hydrated.
  const username = useHydrated() ? auth.username : null
  const open = useSyncExternalStore(subscribeLogin, isLoginOpen, () => false)
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  return (
    <>
      {username ? (
        <Button
          color="inherit"
          startIcon={<AccountCircle />}
          onClick={(e) => setMenu(e.currentTarget)}
          title={t('auth.loggedAs', { id: username })}
          aria-haspopup="menu"
          data-testid="account-button"
        >
          <span className="account-id">{username}</span>
        </Button>
      ) : (
        <IconButton color="inherit" onClick={() => openLoginDialog()} aria-label={t('auth.login')} title={t('auth.login')} data-testid="login-button">
          <Login />
        </IconButton>
      )}
      <MountWhen when={open || menu !== null}>
        <AccountDialogs username={username} loginOpen={open} menu={menu} onMenuClose={() => setMenu(null)} />
      </MountWhen>
    </>
  )
}
