import type { Item, Stage, Zone } from '@dropwise/schemas'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../components/feedback/confirm-store'
import { snackbar } from '../../components/feedback/snackbar-store'
import { useDataset } from '../../lib/data'
import { myReportsQueryOptions, recallMyReport } from './get-my-reports'
import { viewOf, type MyReportView } from './my-report-view'
import { MyReportsCards, MyReportsTable } from './my-reports-rows'

const byId = <T, K extends keyof T>(list: readonly T[] | undefined, key: K) => new Map((list ?? []).map((x) => [x[key] as string, x]))

/** The logged-in player's reports, held ones included, with a recall for those still recallable (opened from the account menu). */
export function MyReportsDialog({ username, open, onClose }: { username: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  // Below MUI's `sm` breakpoint (600 px): the dialog fills the screen and lists blocks instead of table rows.
  const narrow = useMediaQuery('(max-width:599.95px)')
  const query = useInfiniteQuery({ ...myReportsQueryOptions(username), enabled: open })
  const items = useDataset('items', { enabled: open }).data
  const stages = useDataset('stages', { enabled: open }).data
  const zones = useDataset('zones', { enabled: open }).data
  const [busy, setBusy] = useState<string | null>(null)
  const [said, setSaid] = useState('')
  const lookups = useMemo(
    () => ({ items: byId<Item, 'itemId'>(items, 'itemId'), stages: byId<Stage, 'stageId'>(stages, 'stageId'), zones: byId<Zone, 'zoneId'>(zones, 'zoneId') }),
    [items, stages, zones],
  )
  const now = query.dataUpdatedAt || Date.now()
  const rows = (query.data?.pages ?? []).flatMap((p) => p.reports).map((r) => viewOf(r, lookups, t, i18n.language, now))

  const recall = async (row: MyReportView) => {
    const ok = await confirm({
      title: t('auth.mine.confirm.title'),
      message: t('auth.mine.confirm.message', { stage: row.stage, time: row.time, drops: row.drops }),
      confirmText: t('auth.mine.confirm.confirm'),
      color: 'warning',
    })
    if (!ok) return
    setBusy(row.report.reportHash)
    try {
      await recallMyReport(row.report.reportHash)
      const text = t('auth.mine.recalled', { stage: row.stage, time: row.time })
      setSaid(text)
      snackbar.show(text, { severity: 'success' })
    } catch (err) {
      const text = t('auth.mine.recallFailed', { message: err instanceof Error ? err.message : String(err) })
      setSaid(text)
      snackbar.show(text, { severity: 'error', timeout: 0 })
    } finally {
      setBusy(null)
    }
  }

  const Rows = narrow ? MyReportsCards : MyReportsTable
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={narrow}
      aria-labelledby="my-reports-title"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 960 } } }}
      data-testid="my-reports"
    >
      <DialogTitle id="my-reports-title">{t('auth.mine.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('auth.mine.intro')}
        </Typography>
        {query.isPending && <Typography variant="body2">{t('auth.mine.loading')}</Typography>}
        {query.isError && (
          <Typography color="error" variant="body2" role="alert">
            {t('auth.mine.error', { message: query.error.message })}
          </Typography>
        )}
        {query.data && rows.length === 0 && (
          <Typography variant="body2" data-testid="my-reports-empty">
            {t('auth.mine.empty')}
          </Typography>
        )}
        {rows.length > 0 && <Rows rows={rows} busy={busy} onRecall={(row) => void recall(row)} />}
        <Typography variant="caption" component="p" color="text.secondary" role="status" sx={{ mt: 1 }}>
          {said || (rows.length > 0 ? t('auth.mine.shown', { count: rows.length }) : '')}
        </Typography>
        {query.hasNextPage && (
          <Button sx={{ mt: 1 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="my-reports-more">
            {query.isFetchingNextPage ? t('auth.mine.loadingMore') : t('auth.mine.more')}
          </Button>
        )}
        {query.isFetchNextPageError && (
          <Typography color="error" variant="body2" role="alert">
            {t('auth.mine.error', { message: query.error?.message ?? '' })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
