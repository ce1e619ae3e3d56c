import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined'
import ListAlt from '@mui/icons-material/ListAlt'
import Logout from '@mui/icons-material/Logout'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { formatDate, formatRelative } from '../../lib/format'
import { logout } from '../../lib/session'
import { useSettings } from '../../lib/state-hooks'
import { settingsStore } from '../../lib/state'
import { closeLoginDialog, pendingAfterLogin } from '../../lib/login-dialog'
import { login } from '../../lib/login'
import { MyReportsDialog } from './my-reports-dialog'

/** The account menu (logged in) and the login / forgot-ID dialogs, loaded on first use by ./account-manager. */
export default function AccountDialogs({
  username,
  loginOpen,
  menu,
  onMenuClose,
}: {
  username: string | null
  loginOpen: boolean
  menu: HTMLElement | null
  onMenuClose: () => void
}) {
  const { t } = useTranslation()
  const [mineOpen, setMineOpen] = useState(false)
  return (
    <>
      <Menu anchorEl={menu} open={menu !== null && username !== null} onClose={onMenuClose}>
        <MenuItem disabled>{t('auth.loggedAs', { id: username ?? '' })}</MenuItem>
        <MenuItem
          data-testid="my-reports-open"
          onClick={() => {
            onMenuClose()
            setMineOpen(true)
          }}
        >
          <ListAlt fontSize="small" sx={{ mr: 1 }} />
          {t('auth.mine.open')}
        </MenuItem>
        <MenuItem
          data-testid="logout"
          onClick={() => {
            onMenuClose()
            logout()
            snackbar.show(t('auth.loggedOut'), { severity: 'success' })
          }}
        >
          <Logout fontSize="small" sx={{ mr: 1 }} />
          {t('auth.logout')}
        </MenuItem>
      </Menu>
      <LoginDialog open={loginOpen && username === null} onClose={closeLoginDialog} />
      {username && <MyReportsDialog username={username} open={mineOpen} onClose={() => setMineOpen(false)} />}
    </>
  )
}

/** A failed login and where the ID came from: typed in the login box, or picked in the forgot-ID list. */
interface LoginError {
  message: string
  from: 'input' | 'history'
}

function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [id, setId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<LoginError | null>(null)
  const [forgot, setForgot] = useState(false)
  // An old "cannot be found" belongs to the attempt that made it: reopening the dialog starts clean.
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setError(null)
  }

  const submit = async (value: string, from: LoginError['from']) => {
    if (!value.trim() || busy) return
    setBusy(true)
    setError(null)
    const then = pendingAfterLogin()
    const result = await login(value)
    setBusy(false)
    if (result.ok) {
      snackbar.show(t('auth.success', { id: result.id }), { severity: 'success' })
      setId('')
      setForgot(false)
      onClose()
      then?.()
    } else setError({ message: result.reason === 'not-found' ? t('auth.failed.notFound') : t('auth.failed.message', { message: result.message }), from })
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} slotProps={{ paper: { sx: { width: '100%', maxWidth: 350 } } }}>
        <DialogTitle>{t('auth.login')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={`${t('auth.userId')} *`}
            value={id}
            onChange={(e) => {
              setId(e.target.value)
              setError(null)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit(id, 'input')
            }}
            error={error?.from === 'input'}
            helperText={error?.from === 'input' ? error.message : id.trim() ? t('auth.userIdHint') : t('auth.required')}
            slotProps={{ htmlInput: { 'data-testid': 'login-input', autoComplete: 'username' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setError(null)
              setForgot(true)
            }}
            data-testid="login-forgot"
          >
            {t('auth.forgot.open')}
          </Button>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button variant="contained" disabled={!id.trim() || busy} onClick={() => void submit(id, 'input')} data-testid="login-submit">
            {t('auth.login')}
          </Button>
        </DialogActions>
      </Dialog>
      <ForgotIdDialog
        open={forgot}
        onClose={() => setForgot(false)}
        onPick={(picked) => void submit(picked, 'history')}
        error={error?.from === 'history' ? error.message : null}
      />
    </>
  )
}

function ForgotIdDialog({ open, onClose, onPick, error }: { open: boolean; onClose: () => void; onPick: (id: string) => void; error: string | null }) {
  const { t, i18n } = useTranslation()
  const userIdHistory = useSettings((s) => s.userIdHistory)
  const sorted = [...userIdHistory].sort((a, b) => b.time - a.time)
  return (
    <Dialog open={open} onClose={onClose} slotProps={{ paper: { sx: { width: '100%', maxWidth: 450 } } }}>
      <DialogTitle>{t('auth.forgot.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {sorted.length ? t('auth.forgot.tips') : t('auth.forgot.empty')}
        </Typography>
        {error && (
          <Typography color="error" variant="body2" role="alert" data-testid="forgot-error">
            {error}
          </Typography>
        )}
        <List dense>
          {sorted.map((entry) => (
            <ListItem
              key={entry.id}
              disablePadding
              secondaryAction={
                <Tooltip title={t('auth.forgot.delete')}>
                  <IconButton
                    edge="end"
                    aria-label={t('auth.forgot.delete')}
                    onClick={() => settingsStore.set((s) => ({ ...s, userIdHistory: s.userIdHistory.filter((e) => e.id !== entry.id) }))}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemButton onClick={() => onPick(entry.id)} aria-label={t('auth.forgot.loginAs')}>
                <ListItemText
                  primary={entry.id}
                  secondary={t('auth.forgot.lastLogin', {
                    time: `${formatDate(entry.time, { time: true })} (${formatRelative(entry.time, i18n.language)})`,
                  })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
