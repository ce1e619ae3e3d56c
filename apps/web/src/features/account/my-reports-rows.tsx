import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../../components/visually-hidden'
import { STATUS_COLORS, type MyReportView } from './my-report-view'

interface RowsProps {
  rows: MyReportView[]
  /** The hash of the report being recalled. */
  busy: string | null
  onRecall: (row: MyReportView) => void
}

function StatusCell({ row }: { row: MyReportView }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={STATUS_COLORS[row.report.status]} label={row.status} data-testid="my-report-status" />
      {row.note && (
        <Typography variant="caption" color="text.secondary">
          {row.note}
        </Typography>
      )}
    </Stack>
  )
}

function RecallButton({ row, busy, onRecall }: { row: MyReportView } & Omit<RowsProps, 'rows'>) {
  const { t } = useTranslation()
  if (!row.recallUntil) return null
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy !== null}
      onClick={() => onRecall(row)}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      aria-label={t('auth.mine.recallLabel', { stage: row.stage, time: row.time })}
      title={t('auth.mine.recallUntil', { time: row.recallUntil })}
      data-testid="my-report-recall"
    >
      {busy === row.report.reportHash ? t('auth.mine.recalling') : t('auth.mine.recall')}
    </Button>
  )
}

/** The list on wider screens: one table row per report. */
export function MyReportsTable({ rows, busy, onRecall }: RowsProps) {
  const { t } = useTranslation()
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="my-reports-title" data-testid="my-reports-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('auth.mine.columns.stage')}</TableCell>
            <TableCell>{t('auth.mine.columns.time')}</TableCell>
            <TableCell>{t('auth.mine.columns.drops')}</TableCell>
            <TableCell>{t('auth.mine.columns.source')}</TableCell>
            <TableCell>{t('auth.mine.columns.status')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('auth.mine.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.report.reportHash} data-testid="my-report" data-hash={row.report.reportHash}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {row.stage}
                </Typography>
                {row.zone && (
                  <Typography variant="caption" color="text.secondary">
                    {row.zone}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.time}</TableCell>
              <TableCell>{row.drops}</TableCell>
              <TableCell>{row.source}</TableCell>
              <TableCell>
                <StatusCell row={row} />
              </TableCell>
              <TableCell align="right">
                <RecallButton row={row} busy={busy} onRecall={onRecall} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

/** The list on a phone: one block per report, as a list. */
export function MyReportsCards({ rows, busy, onRecall }: RowsProps) {
  const { t } = useTranslation()
  return (
    <Box component="ul" aria-labelledby="my-reports-title" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="my-reports-table">
      {rows.map((row) => (
        <Box
          component="li"
          key={row.report.reportHash}
          data-testid="my-report"
          data-hash={row.report.reportHash}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
                {row.stage}
                {row.zone && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {` · ${row.zone}`}
                  </Typography>
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {`${row.time} · ${row.source}`}
              </Typography>
            </Box>
            <RecallButton row={row} busy={busy} onRecall={onRecall} />
          </Stack>
          <Typography variant="body2" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
            <Box component="span" sx={visuallyHidden}>
              {`${t('auth.mine.columns.drops')}: `}
            </Box>
            {row.drops}
          </Typography>
          <StatusCell row={row} />
        </Box>
      ))}
    </Box>
  )
}
