import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'

export const SITE_STATS_PAGE_SIZE = 10

/** Narrower cell padding on a phone, so the name column keeps room beside ten-digit counts. */
const TABLE_SX = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const

export interface Column<R> {
  header: string
  numeric?: boolean
  cell: (row: R) => ReactNode
}

/** A ranking: 10 rows a page; a row opens its page (the first cell is a real link for keyboards). */
export function RankingTable<R>({
  title,
  rows,
  columns,
  hrefOf,
  testId,
}: {
  title: string
  rows: readonly R[]
  columns: Column<R>[]
  hrefOf: (r: R) => string | null
  testId: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [page, setPage] = useState(0)
  const slice = rows.slice(page * SITE_STATS_PAGE_SIZE, (page + 1) * SITE_STATS_PAGE_SIZE)
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      </CardContent>
      {rows.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary">{t('browse.siteStats.noRows')}</Typography>
        </CardContent>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={title} sx={TABLE_SX}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}>{t('browse.siteStats.rank')}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.numeric ? 'right' : 'left'}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {slice.map((row, i) => {
                  const href = hrefOf(row)
                  return (
                    <TableRow
                      key={page * SITE_STATS_PAGE_SIZE + i}
                      hover={href !== null}
                      onClick={href ? () => void navigate(href) : undefined}
                      sx={href ? { cursor: 'pointer' } : undefined}
                      data-testid={`${testId}-row`}
                    >
                      <TableCell>{page * SITE_STATS_PAGE_SIZE + i + 1}</TableCell>
                      {columns.map((c, ci) => (
                        <TableCell key={c.header} align={c.numeric ? 'right' : 'left'} sx={c.numeric ? { whiteSpace: 'nowrap' } : { minWidth: 88 }}>
                          {ci === 0 && href ? (
                            <Link component={RouterLink} to={href} underline="hover" color="inherit" onClick={(e) => e.stopPropagation()}>
                              {c.cell(row)}
                            </Link>
                          ) : (
                            c.cell(row)
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {rows.length > SITE_STATS_PAGE_SIZE && (
            <TablePagination
              component="div"
              count={rows.length}
              page={page}
              onPageChange={(_e, p) => setPage(p)}
              rowsPerPage={SITE_STATS_PAGE_SIZE}
              rowsPerPageOptions={[SITE_STATS_PAGE_SIZE]}
              labelDisplayedRows={({ from, to, count }) => t('browse.siteStats.pageRange', { from, to, count })}
              getItemAriaLabel={(type) =>
                t(
                  type === 'next'
                    ? 'browse.siteStats.nextPage'
                    : type === 'previous'
                      ? 'browse.siteStats.previousPage'
                      : type === 'first'
                        ? 'browse.siteStats.firstPage'
                        : 'browse.siteStats.lastPage',
                )
              }
            />
          )}
        </>
      )}
    </Card>
  )
}
