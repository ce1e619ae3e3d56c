import type { Server } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { DownloadMenu } from '../../components/download-menu'
import { env } from '../../config/env'
import { efficiencyExportUrl } from './guide-model'

const FORMATS = ['csv', 'json'] as const

/**
 * Download of the stage efficiency table (CSV or JSON) for the server and options on screen. The server
 * writes the licence and attribution into the file.
 */
export function GuideExportButton({ server, lmd, exp }: { server: Server; lmd: boolean; exp: boolean }) {
  const { t } = useTranslation()
  return (
    <DownloadMenu
      label={t('guide.export.button')}
      note={t('guide.export.licence')}
      testId="guide-export-button"
      choices={FORMATS.map((format) => ({
        key: format,
        href: efficiencyExportUrl(env.apiBase, { server, lmd, exp, format }),
        label: format === 'csv' ? t('guide.export.csv') : t('guide.export.json'),
        testId: `guide-export-${format}`,
      }))}
    />
  )
}
