import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Stage } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { useStageCatalog, useStageCode } from './use-stage-catalog'
import type { OnSelect } from './zone-panels'
import { neighbourStages } from './zones'

/** Previous and next stage of the same zone as cards (nothing at the ends). */
export function StageNeighbours({ zoneId, stageId, onSelect }: { zoneId: string; stageId: string; onSelect: OnSelect }) {
  const { t } = useTranslation()
  const { zonesById, stagesById, server } = useStageCatalog()
  const code = useStageCode()
  const { prev, next } = neighbourStages(zonesById.get(zoneId), stageId, stagesById, server)
  const card = (stage: Stage | null, dir: 'prev' | 'next') =>
    stage ? (
      <Card variant="outlined" sx={{ flex: 1, maxWidth: 320 }}>
        <CardActionArea onClick={() => onSelect(stage.zoneId, stage.stageId)} data-testid={`stage-${dir}`}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: dir === 'prev' ? 'flex-start' : 'flex-end', py: 1 }}>
            {dir === 'prev' && <ChevronLeft aria-hidden />}
            <Box sx={{ textAlign: dir === 'prev' ? 'left' : 'right' }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t(dir === 'prev' ? 'stats.selector.previous' : 'stats.selector.next')}
              </Typography>
              <Typography variant="subtitle1" component="div">
                {code(stage)}
              </Typography>
            </Box>
            {dir === 'next' && <ChevronRight aria-hidden />}
          </CardContent>
        </CardActionArea>
      </Card>
    ) : (
      <Box sx={{ flex: 1, maxWidth: 320 }} />
    )
  if (!prev && !next) return null
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }} component="nav" aria-label={t('stats.selector.neighbours')}>
      {card(prev, 'prev')}
      {card(next, 'next')}
    </Stack>
  )
}
