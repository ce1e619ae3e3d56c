import Construction from '@mui/icons-material/Construction'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ParseKeys } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDataset } from '../lib/data'
import { useDataSource } from '../lib/state-hooks'

/** A page owned by a later issue: its title, a notice, and proof that its data is here. */
export function PlaceholderPage({ title, children }: { title: ParseKeys; children?: ReactNode }) {
  const { t, i18n } = useTranslation()
  const { server, source } = useDataSource()
  const items = useDataset('items')
  const stages = useDataset('stages')
  const matrix = useDataset(source === 'personal' ? 'personalMatrix' : 'globalMatrix')
  const n = (v: number | undefined) => (v === undefined ? '…' : new Intl.NumberFormat(i18n.language).format(v))
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t(title)}
      </Typography>
      {children}
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Construction color="primary" fontSize="large" />
            <div>
              <Typography variant="h6" component="h2">
                {t('placeholder.title')}
              </Typography>
              <Typography color="text.secondary">{t('placeholder.body', { page: t(title) })}</Typography>
              <Typography variant="body2" color="text.secondary" data-testid="placeholder-data">
                {t('placeholder.loaded', {
                  items: n(items.data?.length),
                  stages: n(stages.data?.length),
                  rows: n(matrix.data?.length),
                  server: t(`server.servers.${server}`),
                })}
              </Typography>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  )
}
