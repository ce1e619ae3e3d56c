import { useTranslation } from 'react-i18next'
import { DownloadMenu } from '../../components/download-menu'
import { env } from '../../config/env'
import { useDataSource } from '../../lib/state-hooks'
import { exportUrl, EXPORT_FORMATS } from './export-url'

/**
 * Download of the global drop matrix (CSV or JSON) for the current server and category, limited to
 * a stage or an item when given. The server writes the licence and attribution into the file.
 */
export function ExportButton({ stageId, itemId }: { stageId?: string; itemId?: string }) {
  const { t } = useTranslation()
  const { server, category } = useDataSource()
  return (
    <DownloadMenu
      label={t('charts.export.button')}
      note={t('charts.export.licence')}
      testId="export-button"
      choices={EXPORT_FORMATS.map((format) => ({
        key: format,
        href: exportUrl(env.apiBase, { server, category, format, ...(stageId ? { stageId } : {}), ...(itemId ? { itemId } : {}) }),
        label: t(`charts.export.${format}`),
        testId: `export-${format}`,
      }))}
    />
  )
}
