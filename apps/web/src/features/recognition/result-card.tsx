import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { Item } from '@dropwise/schemas'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../components/item-icon'
import { EvidenceOverlay } from './evidence-overlay'
import { EXCEPTION_KEYS } from './exception-keys'
import { groupExceptions } from './image-outcome'
import { recognisedItemName } from './item-label'
import type { JudgedImage } from './rec-image'

const OUTCOME_COLOUR = { success: 'success', warning: 'warning', error: 'error' } as const
const STATUS_KEYS = {
  pending: 'recognition.status.pending',
  initializing: 'recognition.status.initializing',
  recognizing: 'recognition.status.recognizing',
  rendering: 'recognition.status.rendering',
  submitting: 'recognition.status.submitting',
  done: 'recognition.status.done',
} as const
const OUTCOME_KEYS = { success: 'recognition.outcome.success', warning: 'recognition.outcome.warning', error: 'recognition.outcome.error' } as const
export const DROP_TYPE_KEYS = {
  NORMAL_DROP: 'recognition.dropTypes.NORMAL_DROP',
  SPECIAL_DROP: 'recognition.dropTypes.SPECIAL_DROP',
  EXTRA_DROP: 'recognition.dropTypes.EXTRA_DROP',
  FURNITURE: 'recognition.dropTypes.FURNITURE',
} as const

export { STATUS_KEYS }

/** One recognised screenshot: preview with detected areas, stage, drops, exceptions, accept/reject. */
export function ResultCard({
  image,
  items,
  showBoxes,
  onToggle,
  onOpen,
  onDefect,
  locked,
}: {
  image: JudgedImage
  items: ReadonlyMap<string, Item>
  showBoxes: boolean
  onToggle: (id: number, selected: boolean) => void
  onOpen: (id: number) => void
  onDefect: (id: number) => void
  locked: boolean
}) {
  const { t, i18n } = useTranslation()
  const r = image.result
  const name = image.file.name
  const title = r?.stage
    ? `${r.stage.code}${r.stage.difficulty === 'TOUGH' ? ` · ${t('recognition.card.tough')}` : ''}`
    : r?.resultScreen
      ? t('recognition.card.noStage')
      : t('recognition.card.fatal')
  const checkboxId = `recognition-include-${image.id}`
  return (
    <Card
      variant="outlined"
      data-testid="recognition-result"
      data-outcome={image.outcome}
      data-stage={r?.stage?.stageId ?? ''}
      data-file={name}
      sx={{ borderColor: `${OUTCOME_COLOUR[image.outcome]}.main`, display: 'flex', flexDirection: 'column' }}
    >
      <ButtonBase onClick={() => onOpen(image.id)} aria-label={t('recognition.card.open', { name })} sx={{ display: 'block', width: '100%', p: 1 }}>
        <EvidenceOverlay src={image.url} alt={name} result={r} showBoxes={showBoxes} />
      </ButtonBase>
      <CardContent sx={{ pt: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {title}
          </Typography>
          {image.status !== 'done' && <Chip size="small" label={t(STATUS_KEYS[image.status])} />}
          <Chip size="small" color={OUTCOME_COLOUR[image.outcome]} label={t(OUTCOME_KEYS[image.outcome])} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ wordBreak: 'break-all' }}>
          {name}
          {image.ms !== null && ` · ${t('recognition.card.time', { ms: Math.round(image.ms) })}`}
          {r?.stars && r.stars.shown > 0 && ` · ${t('recognition.card.stars', { count: r.stars.lit })}`}
        </Typography>
        {image.failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {image.failure.decode
              ? t('recognition.card.invalidFile', { message: image.failure.message })
              : t('recognition.card.failed', { message: image.failure.message })}
          </Alert>
        )}
        {r && r.drops.length > 0 && (
          <Box component="ul" aria-label={t('recognition.card.drops')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {r.drops.map((d, i) => {
              const item = d.itemId ? items.get(d.itemId) : undefined
              const label = recognisedItemName(d.itemId, items, t, i18n.language)
              return (
                <Box
                  component="li"
                  key={i}
                  data-testid="recognition-drop"
                  data-item={d.itemId ?? ''}
                  data-drop-type={d.dropType}
                  data-quantity={d.quantity}
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75, opacity: d.recognitionOnly ? 0.6 : 1 }}
                >
                  {item && <ItemIcon item={item} size={32} />}
                  <Box>
                    <Typography variant="body2" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
                      {label} {t('recognition.card.quantity', { count: d.quantity })}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t(DROP_TYPE_KEYS[d.dropType])}
                      {d.recognitionOnly && ` · ${t('recognition.card.notReported')}`}
                    </Typography>
                  </Box>
                </Box>
              )
            })}
          </Box>
        )}
        {r && r.resultScreen && r.drops.length === 0 && image.exceptions.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('recognition.card.noDrops')}
          </Typography>
        )}
        {groupExceptions(image.exceptions).map((g) => (
          <Alert key={g.code} severity={g.severity === 'warning' ? 'warning' : 'error'} sx={{ mt: 1 }} data-testid="recognition-exception" data-code={g.code}>
            <AlertTitle sx={{ mb: 0 }}>
              {t(EXCEPTION_KEYS[g.code].title)}
              {g.count > 1 && ` ×${g.count}`}
            </AlertTitle>
            {/* The sentence only: the code (data-code) goes to defect feedback, not to the player. */}
            <Typography variant="body2">{t(EXCEPTION_KEYS[g.code].hint)}</Typography>
          </Alert>
        ))}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox
              id={checkboxId}
              checked={image.selected}
              disabled={!image.selectable || locked}
              onChange={(e) => onToggle(image.id, e.target.checked)}
              slotProps={{ input: { 'aria-describedby': image.selectable ? undefined : `${checkboxId}-why` } }}
            />
          }
          label={t('recognition.card.include')}
        />
        {!image.selectable && (
          <Typography id={`${checkboxId}-why`} variant="caption" color="text.secondary" sx={{ width: '100%', px: 1 }}>
            {t('recognition.card.includeDisabled')}
          </Typography>
        )}
        {image.outcome !== 'success' && (
          <Button size="small" onClick={() => onDefect(image.id)}>
            {t('recognition.defect.button')}
          </Button>
        )}
      </CardActions>
    </Card>
  )
}
