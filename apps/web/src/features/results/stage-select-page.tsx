import Stack from '@mui/material/Stack'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { StageSelector } from '../../components/stage-selector/stage-selector'
import { paths } from '../../config/paths'
import { PageTitle } from './page-parts'

/**
 * `/result/stage`: the stage selector. A module of its own: the selector's search, tabs and panels stay
 * out of the item and stage pages' chunk, which a visitor following a link loads first.
 */
export function StatsByStage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack spacing={2}>
      <PageTitle title={t('menu.statsByStage')} />
      <StageSelector purpose="stats" onSelect={(zoneId, stageId) => void navigate(paths.statsByStageSelected.href(zoneId, stageId))} />
    </Stack>
  )
}
