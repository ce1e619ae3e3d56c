import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { DefectDialog } from './defect-dialog'
import { EvidenceDialog } from './evidence-dialog'
import { Preparing, Unavailable, unavailableWhy, UnreadableNotice } from './pack-notices'
import { ProgressStep } from './progress-step'
import { ReportStep } from './report-step'
import { ResultsStep } from './results-step'
import { SelectStep } from './select-step'
import { useRecognitionPage } from './use-recognition-page'

const STEP_KEYS = ['recognition.steps.select', 'recognition.steps.recognize', 'recognition.steps.confirm', 'recognition.steps.report'] as const

export function RecognitionReport() {
  const { t } = useTranslation()
  const page = useRecognitionPage()
  const { server, view, pack, assets, session, step } = page

  if (page.loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('recognition.loadingPack')} />
      </Box>
    )
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }} data-testid="recognition-page">
      <Typography variant="h4" component="h1">
        {t('menu.recognition')}
      </Typography>
      {/* How recognition works, only where it does: beside "not ready yet" it would promise what the page cannot do. */}
      {(page.available || view.kind === 'preparing') && <Typography variant="body1">{t('recognition.intro')}</Typography>}

      {view.kind === 'preparing' && pack.kind === 'none' ? (
        <Preparing view={view} />
      ) : !page.available ? (
        <Unavailable
          why={unavailableWhy(pack, view, page.packServerMissing)}
          view={view}
          onRetry={page.retry}
          onRetryAssets={assets.retry}
          retrying={assets.retrying}
          server={t(`server.servers.${server}`)}
        />
      ) : (
        <>
          <Stepper activeStep={step} alternativeLabel aria-label={t('recognition.steps.label')} data-testid="recognition-stepper" data-step={step}>
            {STEP_KEYS.map((k) => (
              <Step key={k}>
                <StepLabel>{t(k)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <UnreadableNotice names={page.unreadable} updating={page.updating} />
          <Typography variant="caption" color="text.secondary" role="status">
            {pack.kind === 'loading' ? t('recognition.loadingPack') : pack.kind === 'ready' ? t('recognition.packReady', { templates: pack.info.templates }) : ''}
          </Typography>

          {step === 0 && <SelectStep page={page} />}
          {(step === 1 || (step === 2 && session.stopped)) && <ProgressStep page={page} />}
          {page.anyResults && step < 3 && <ResultsStep page={page} />}
          {step === 3 && <ReportStep page={page} />}
        </>
      )}

      <EvidenceDialog openedImage={page.openedImage} showBoxes={page.showBoxes} onClose={() => page.setOpened(null)} />
      <DefectDialog image={page.defectImage} environment={page.environment} onClose={() => page.setDefectFor(null)} />
    </Stack>
  )
}
