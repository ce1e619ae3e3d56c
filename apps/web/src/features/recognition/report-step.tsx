import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { recognisedItemName } from './item-label'
import { UploadResult } from './upload-result'
import type { RecognitionPage } from './use-recognition-page'

/** The report step (`step` 3): what the selected results report per stage, the upload's progress and its outcome. */
export function ReportStep({ page }: { page: RecognitionPage }) {
  const { t, i18n } = useTranslation()
  const { session, items, summary, selected, setConfirmed } = page
  const upload = session.uploadResult

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {upload ? t('recognition.report.sent') : t('recognition.report.summary')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="recognition-summary">
          <TableHead>
            <TableRow>
              <TableCell>{t('recognition.report.stage')}</TableCell>
              <TableCell align="right">{t('recognition.report.times')}</TableCell>
              <TableCell>{t('recognition.report.items')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.map((s) => (
              <TableRow key={s.stageId}>
                <TableCell>{s.code}</TableCell>
                <TableCell align="right">{s.times}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {s.items.map((it) => {
                      const item = items.get(it.itemId)
                      return (
                        <Stack key={it.itemId} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-item={it.itemId}>
                          {item && <ItemIcon item={item} size={24} />}
                          <Typography variant="body2">
                            {recognisedItemName(it.itemId, items, t, i18n.language)} ×{it.quantity}
                          </Typography>
                        </Stack>
                      )
                    })}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell>
                <strong>{t('recognition.report.total')}</strong>
              </TableCell>
              <TableCell align="right">
                <strong>{summary.reduce((a, s) => a + s.times, 0)}</strong>
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </Box>

      {session.upload && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={session.upload.total ? (session.upload.done / session.upload.total) * 100 : 0}
            aria-label={t('recognition.report.submitting', session.upload)}
          />
          <Typography variant="body2" role="status">
            {t('recognition.report.submitting', session.upload)}
          </Typography>
        </Box>
      )}

      {upload && <UploadResult upload={upload} session={session} />}

      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        {!upload && (
          <Button onClick={() => setConfirmed(false)} disabled={session.upload !== null}>
            {t('recognition.confirm.back')}
          </Button>
        )}
        {upload ? (
          <Button
            variant="contained"
            onClick={() => {
              setConfirmed(false)
              session.reset()
            }}
          >
            {t('recognition.report.again')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void session.submit()} disabled={session.upload !== null || selected.length === 0} data-testid="recognition-submit">
            {t('recognition.report.submit', { count: selected.length })}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
