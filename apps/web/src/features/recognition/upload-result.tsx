import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import type { RecognitionSession } from './use-recognition'

type Upload = NonNullable<RecognitionSession['uploadResult']>

/** How the upload went: all stored, or what the server refused and what failed, with a retry. */
export function UploadResult({ upload, session }: { upload: Upload; session: RecognitionSession }) {
  const { t } = useTranslation()
  return (
    <Box sx={{ mt: 2 }} data-testid="recognition-upload-result">
      {upload.rejected.length === 0 && upload.failed.length === 0 ? (
        <Alert severity="success">{t('recognition.report.done', { count: upload.stored.length })}</Alert>
      ) : (
        <Alert severity={upload.stored.length ? 'warning' : 'error'}>
          <AlertTitle>
            {t('recognition.report.partial', {
              stored: upload.stored.length,
              total: upload.stored.length + upload.rejected.length + upload.failed.reduce((a, f) => a + f.entries.length, 0),
            })}
          </AlertTitle>
          {upload.rejected.map((r, i) => (
            <Typography key={i} variant="body2">
              {t('recognition.report.rejected', { name: r.entry.entry.metadata.fileName, message: r.message })}
            </Typography>
          ))}
          {upload.failed.length > 0 && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('recognition.report.failedTitle', {
                  count: upload.failed.reduce((a, f) => a + f.entries.length, 0),
                  message: upload.failed[0]?.error.message ?? '',
                })}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                <li>{t('recognition.report.advice.network')}</li>
                <li>{t('recognition.report.advice.limit')}</li>
                <li>{t('recognition.report.advice.sharedIp')}</li>
                <li>{t('recognition.report.advice.clock')}</li>
              </Box>
              <Button
                sx={{ mt: 1 }}
                variant="outlined"
                color="inherit"
                disabled={session.upload !== null}
                onClick={() => void session.submit(upload.failed.flatMap((f) => f.entries))}
              >
                {t('recognition.report.retry')}
              </Button>
            </>
          )}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('recognition.report.delay')}
      </Typography>
    </Box>
  )
}
