import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../components/feedback/confirm-store'
import { recallBatches } from './recall-batch'
import type { RecognitionSession } from './use-recognition'

type Upload = NonNullable<RecognitionSession['uploadResult']>

/** How the upload went: all stored, or what the server refused and what failed, with a retry. */
export function UploadResult({ upload, session }: { upload: Upload; session: RecognitionSession }) {
  const { t } = useTranslation()
  const sentCount = upload.stored.length + upload.rejected.length + upload.failed.reduce((a, f) => a + f.entries.length, 0)
  return (
    <Box sx={{ mt: 2 }} data-testid="recognition-upload-result">
      {upload.rejected.length === 0 && upload.failed.length === 0 ? (
        <Alert severity="success">{t('recognition.report.done', { count: upload.stored.length })}</Alert>
      ) : (
        <Alert severity={upload.stored.length ? 'warning' : 'error'}>
          <AlertTitle>
            {t('recognition.report.partial', {
              count: sentCount,
              stored: upload.stored.length,
              total: sentCount,
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
      {upload.stored.length > 0 && upload.taskIds.length > 0 && <RecallUpload taskIds={upload.taskIds} count={upload.stored.length} />}
    </Box>
  )
}

/** Undo for a whole upload: confirm, recall every report it stored, and say how it went. */
function RecallUpload({ taskIds, count }: { taskIds: string[]; count: number }) {
  const { t } = useTranslation()
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done'; recalled: number } | { kind: 'failed'; message: string }>({ kind: 'idle' })
  const recall = async () => {
    const ok = await confirm({
      title: t('recognition.report.recallConfirm.title'),
      message: t('recognition.report.recallConfirm.message'),
      confirmText: t('recognition.report.recallConfirm.confirm'),
      color: 'warning',
    })
    if (!ok) return
    setState({ kind: 'busy' })
    await recallBatches(taskIds).then(
      (recalled) => setState({ kind: 'done', recalled }),
      (err: unknown) => setState({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
    )
  }
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('recognition.report.mineHint')}
      </Typography>
      <Box role="status" sx={{ mt: 1 }}>
        {state.kind === 'done' && <Alert severity="info">{t('recognition.report.recalledAll', { count: state.recalled })}</Alert>}
        {state.kind === 'failed' && <Alert severity="error">{t('recognition.report.recallFailed', { message: state.message })}</Alert>}
      </Box>
      {state.kind !== 'done' && (
        <Button sx={{ mt: 1 }} variant="outlined" disabled={state.kind === 'busy'} onClick={() => void recall()} data-testid="recognition-recall">
          {t('recognition.report.recallAll', { count })}
        </Button>
      )}
    </Box>
  )
}
