import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths'

/** Unmatched paths: a blurred full-screen page; a click anywhere returns home. */
export default function NotFound() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Box
      role="link"
      tabIndex={0}
      aria-label={t('notFound.back')}
      onClick={() => void navigate(paths.home.href())}
      onKeyDown={(e) => e.key === 'Enter' && void navigate(paths.home.href())}
      data-testid="not-found"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (th) => th.zIndex.drawer + 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        cursor: 'pointer',
        backdropFilter: 'blur(12px)',
        bgcolor: 'rgba(0,0,0,0.45)',
        color: '#fff',
        textAlign: 'center',
        p: 2,
      }}
    >
      <Typography variant="h1" component="p" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography>{t('notFound.body')}</Typography>
      <Typography variant="body2" sx={{ mt: 2, opacity: 0.8 }}>
        {t('notFound.back')}
      </Typography>
    </Box>
  )
}
