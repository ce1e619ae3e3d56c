import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { useDataSource } from '../../lib/state-hooks'
import type { Server } from '@dropwise/schemas'

/** The open-data snapshots (docs/api-extensions.md §3m): their index, and a file of the newest one under its stable URL (the CSV decoded, for a spreadsheet). */
export const snapshotIndexUrl = (apiBase: string) => `${apiBase.replace(/\/$/, '')}/export/snapshots`
export const latestSnapshotUrl = (apiBase: string, server: Server, file: 'json' | 'matrix.csv') =>
  `${snapshotIndexUrl(apiBase)}/latest/${server}${file === 'json' ? '.json.gz' : '-matrix.csv'}`

/** The newest open-data snapshot of the current server (gzip JSON, the matrix as CSV) and the list of all kept ones. */
export function OpenDataLinks() {
  const { t } = useTranslation()
  const { server } = useDataSource()
  return (
    <Typography sx={{ mt: 1 }}>
      {t('about.site.credits.openData', { server })}{' '}
      <Link href={latestSnapshotUrl(env.apiBase, server, 'json')} download>
        {t('about.site.credits.openDataJson')}
      </Link>
      {' · '}
      <Link href={latestSnapshotUrl(env.apiBase, server, 'matrix.csv')} download>
        {t('about.site.credits.openDataCsv')}
      </Link>
      {' · '}
      <Link href={snapshotIndexUrl(env.apiBase)} target="_blank" rel="noreferrer noopener">
        {t('about.site.credits.openDataIndex')}
      </Link>
    </Typography>
  )
}
