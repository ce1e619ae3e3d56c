import Stack from '@mui/material/Stack'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import { useTranslation } from 'react-i18next'
import { prefetchDataset, switchCategory } from '../../lib/data'
import { authStore, dataSourceStore } from '../../lib/state'
import { useDataSource } from '../../lib/state-hooks'
import type { Source } from '../../lib/state'
import { openLoginDialog } from '../../lib/login-dialog'

/** Global/personal (personal needs a login) and all/automated/manual, as on the stats pages. */
export function DataSourceToggles() {
  const { t } = useTranslation()
  const { source, category } = useDataSource()
  const chooseSource = (next: Source | null) => {
    if (!next || next === source) return
    if (next === 'global') return dataSourceStore.set({ source: 'global' })
    // Refresh the personal matrices first, then switch (spec 001 §4 "Data source"); a failed
    // refresh still switches, the page then shows the dataset's error and retry.
    const toPersonal = () =>
      void Promise.allSettled([prefetchDataset('personalMatrix', true), prefetchDataset('personalPatternMatrix', true)]).then(() =>
        dataSourceStore.set({ source: 'personal' }),
      )
    if (!authStore.get().username) openLoginDialog(toPersonal)
    else toPersonal()
  }
  return (
    // Unselected toggles in the primary text colour: the default secondary tone is 4.47:1 on paper (axe asks 4.5).
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}>
      <ToggleButtonGroup size="small" exclusive value={source} onChange={(_e, v: Source | null) => chooseSource(v)} aria-label={t('dataSource.label')}>
        <ToggleButton value="global" data-testid="source-global">
          {t('dataSource.global')}
        </ToggleButton>
        <ToggleButton value="personal" data-testid="source-personal">
          {t('dataSource.personal')}
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={category}
        onChange={(_e, v: 'all' | 'automated' | 'manual' | null) => v && switchCategory(v)}
        aria-label={t('matrixCategory.label')}
      >
        <ToggleButton value="all">{t('matrixCategory.all')}</ToggleButton>
        <Tooltip describeChild title={t('matrixCategory.automatedHint')}>
          <ToggleButton value="automated">{t('matrixCategory.automated')}</ToggleButton>
        </Tooltip>
        <Tooltip describeChild title={t('matrixCategory.manualHint')}>
          <ToggleButton value="manual">{t('matrixCategory.manual')}</ToggleButton>
        </Tooltip>
      </ToggleButtonGroup>
    </Stack>
  )
}
