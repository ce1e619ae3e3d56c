import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { paths } from '../../config/paths'
import { StageSelector } from '../../components/stage-selector/stage-selector'
import { ReportForm } from './report-form'

/** `/report/stage`: step 1, the shared zone/stage selector without closed stages. */
export function ReportByZone() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {t('report.chooseStage')}
      </Typography>
      <StageSelector purpose="report" onSelect={(zoneId, stageId) => void navigate(paths.reportByZoneSelected.href(zoneId, stageId))} />
    </Stack>
  )
}

/** `/report/stage/:zoneId/:stageId`: the report form of one stage. */
export function ReportByZoneSelected() {
  const { zoneId = '', stageId = '' } = useParams()
  return <ReportForm zoneId={zoneId} stageId={stageId} />
}
