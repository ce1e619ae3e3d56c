import CloseIcon from '@mui/icons-material/Close'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import IosShareIcon from '@mui/icons-material/IosShare'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar } from '../../components/feedback/snackbar-store'
import { SNACKBAR_MS } from '../../config/constants'
import { env } from '../../config/env'
import { useDataset } from '../../lib/data'
import { pickShortWord, shortUrl } from './short-link'

export interface ShareDialogProps {
  open: boolean
  onClose: () => void
  /** The page to share (absolute, or a path of this site). */
  url: string
  title: string
}

const SOCIAL = [
  { id: 'x', href: (u: string, text: string) => `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(u)}` },
  { id: 'facebook', href: (u: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}` },
  { id: 'weibo', href: (u: string, text: string) => `https://service.weibo.com/share/share.php?url=${encodeURIComponent(u)}&title=${encodeURIComponent(text)}` },
  { id: 'reddit', href: (u: string, text: string) => `https://www.reddit.com/submit?url=${encodeURIComponent(u)}&title=${encodeURIComponent(text)}` },
] as const

/**
 * The server confirms the short link: `/short/<word>` must redirect to the shared page. Returns the
 * short URL, or null when it leads elsewhere (the full URL is shared then).
 */
const confirmShort = async (short: string, pathname: string, signal: AbortSignal) => {
  const res = await fetch(short, { redirect: 'follow', credentials: 'omit', signal })
  // Read to the end (the app's small index page): a cancelled body shows up as an aborted request.
  await res.text()
  return new URL(res.url).pathname.replace(/\/$/, '') === pathname.replace(/\/$/, '') ? short : null
}

/** Share dialog: a short link from our `/short` endpoint with a copy button, and share targets. */
export function ShareDialog({ open, onClose, url, title }: ShareDialogProps) {
  const { t } = useTranslation()
  const titleId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const items = useDataset('items')
  const stages = useDataset('stages')
  const page = new URL(url, window.location.origin)
  const word = items.data && stages.data ? pickShortWord(page.pathname, items.data, stages.data) : null
  const candidate = word === null ? null : shortUrl(env.apiBase, window.location.origin, word)
  const confirmed = useQuery({
    queryKey: ['short-link', candidate, page.pathname],
    queryFn: ({ signal }) => (candidate ? confirmShort(candidate, page.pathname, signal) : Promise.resolve(null)),
    enabled: open && candidate !== null,
    staleTime: Infinity,
    retry: false,
  })
  const link = confirmed.data ?? page.toString()
  const checking = candidate !== null && confirmed.isFetching
  const text = t('charts.share.text', { title })

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      snackbar.show(t('charts.share.copied'), { severity: 'success', timeout: SNACKBAR_MS })
    } catch {
      inputRef.current?.select()
      snackbar.show(t('charts.share.copyFailed'), { severity: 'error', timeout: SNACKBAR_MS })
    }
  }
  const nativeShare = async () => {
    try {
      await navigator.share({ title, text, url: link })
      snackbar.show(t('charts.share.shared'), { severity: 'success', timeout: SNACKBAR_MS })
    } catch {
      // dismissed by the user
    }
  }
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('charts.share.title')}
        <IconButton aria-label={t('charts.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <TextField
          fullWidth
          size="small"
          label={confirmed.data ? t('charts.share.shortLink') : t('charts.share.link')}
          value={link}
          inputRef={inputRef}
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'share-link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('charts.share.copy')}>
                    <IconButton aria-label={t('charts.share.copy')} onClick={() => void copy()} edge="end">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        {checking && <LinearProgress sx={{ mt: 1 }} aria-label={t('charts.share.checking')} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {SOCIAL.map((s) => (
            <Button key={s.id} size="small" variant="outlined" href={s.href(link, text)} target="_blank" rel="noopener noreferrer">
              {t(`charts.share.targets.${s.id}`)}
            </Button>
          ))}
          {canShare && (
            <Button size="small" variant="outlined" startIcon={<IosShareIcon />} onClick={() => void nativeShare()}>
              {t('charts.share.more')}
            </Button>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('charts.close')}</Button>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('charts.share.copy')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
