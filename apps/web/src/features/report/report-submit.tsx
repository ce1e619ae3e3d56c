import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm, confirmStore } from '../../components/feedback/confirm-store'
import { snackbar } from '../../components/feedback/snackbar-store'
import { apiRequest } from '../../lib/api'
import { queryClient } from '../../lib/data'
import { i18next } from '../../lib/i18n'
import { reportHashOf, UNDO_CONFIRM_S, UNDO_SUCCESS_MS, type ReportBody } from './report-draft'
import { useCountdown } from './special-stage-dialog'

/** Personal matrices are refetched so a report (or its recall) shows on the stats pages at once. */
export const refreshPersonalData = () =>
  Promise.allSettled([
    queryClient.invalidateQueries({ queryKey: ['dataset', 'personalMatrix'] }),
    queryClient.invalidateQueries({ queryKey: ['dataset', 'personalPatternMatrix'] }),
  ])

export interface Submitted {
  reportHash: string | null
  /** The PenguinID the server assigned with this report (the player is now logged in with it). */
  assignedId: string | null
}

/**
 * `POST /report`. The API hooks log the player in when the answer carries `X-Penguin-Set-PenguinID`
 * (the first report creates the account); the id is returned so the page can say so.
 */
export const postReport = async (body: ReportBody): Promise<Submitted> => {
  const { text, headers } = await apiRequest('/report', { method: 'POST', body: JSON.stringify(body), contentType: 'application/json' })
  const assigned = headers.get('X-Penguin-Set-PenguinID')
  void refreshPersonalData()
  return { reportHash: reportHashOf(text), assignedId: assigned ? decodeURIComponent(assigned) : null }
}

/** `POST /report/recall` with the object `POST /report` answered (api-v2 §7.6). */
export const recallReport = async (reportHash: string) => {
  await apiRequest('/report/recall', { method: 'POST', body: JSON.stringify({ reportHash }), contentType: 'application/json' })
  void refreshPersonalData()
}

function UndoCountdown() {
  const { t } = useTranslation()
  const left = useCountdown(UNDO_CONFIRM_S, true)
  return (
    <>
      <Typography variant="body2">{t('report.undoConfirm.message')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
        {t('report.undoConfirm.countdown', { seconds: left })}
      </Typography>
    </>
  )
}

/** Asks for 15 s whether to undo; unanswered, the question closes as "no" (spec 001 §4). */
export const confirmUndo = () => {
  const answer = confirm({
    title: i18next.t('report.undoConfirm.title'),
    message: <UndoCountdown />,
    confirmText: i18next.t('report.undoConfirm.confirm'),
    color: 'warning',
  })
  const request = confirmStore.current()
  const timer = setTimeout(() => {
    if (confirmStore.current() === request) confirmStore.settle(false)
  }, UNDO_CONFIRM_S * 1000)
  return answer.finally(() => clearTimeout(timer))
}

/** Undo: confirm, recall, and say how it went. Resolves true when the report was recalled. */
export const undoReport = async (reportHash: string): Promise<boolean> => {
  if (!(await confirmUndo())) return false
  try {
    await recallReport(reportHash)
    snackbar.show(i18next.t('report.undoSuccess'), { severity: 'success', timeout: UNDO_SUCCESS_MS })
    return true
  } catch (err) {
    snackbar.show(i18next.t('report.undoFailed', { message: err instanceof Error ? err.message : String(err) }), { severity: 'error', timeout: 0 })
    return false
  }
}

function SuccessMessage({ submitted, onUndone }: { submitted: Submitted; onUndone: () => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const hash = submitted.reportHash
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }} data-testid="report-success">
      <span>
        {t('report.success')}
        {submitted.assignedId && (
          <>
            <br />
            {t('report.assignedId', { id: submitted.assignedId })}
          </>
        )}
      </span>
      {hash && (
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          disabled={busy}
          data-testid="report-undo"
          onClick={() => {
            setBusy(true)
            void undoReport(hash).then((done) => (done ? onUndone() : setBusy(false)))
          }}
        >
          {t('report.undo')}
        </Button>
      )}
    </Stack>
  )
}

/** The success bar: stays until closed, carries Undo (spec 001 §2). */
export const showSuccessBar = (submitted: Submitted) => {
  let id = 0
  id = snackbar.show(<SuccessMessage submitted={submitted} onUndone={() => snackbar.close(id)} />, { severity: 'success', timeout: 0 })
  return id
}
