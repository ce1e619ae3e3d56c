import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { RecognitionPage } from './use-recognition-page'

const SHOWN_CHIPS = 8

/** The select step (`step` 0): the notices, the file picker and drop zone, what was refused and what is selected. */
export function SelectStep({ page }: { page: RecognitionPage }) {
  const { t } = useTranslation()
  const { session, pack, total, addFiles } = page
  const { images } = session
  const [dragging, setDragging] = useState(false)

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    if (!session.running) addFiles([...e.dataTransfer.files])
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {t('recognition.notices.title')}
      </Typography>
      <Box component="ul" sx={{ mt: 1, pl: 3 }}>
        <li>{t('recognition.notices.items.one')}</li>
        <li>{t('recognition.notices.items.recent')}</li>
        <li>{t('recognition.notices.items.whole')}</li>
        <li>{t('recognition.notices.items.local')}</li>
      </Box>
      <Box
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center' }}
      >
        <Button variant="contained" component="label">
          {t('recognition.select.choose')}
          <input
            hidden
            type="file"
            multiple
            accept="image/*"
            aria-label={t('recognition.select.inputLabel')}
            data-testid="recognition-file-input"
            onChange={(e) => {
              addFiles([...(e.target.files ?? [])])
              e.target.value = ''
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('recognition.select.drop')}
        </Typography>
      </Box>
      {session.refused.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="recognition-refused">
          <AlertTitle>{t('recognition.select.refusedTitle', { count: session.refused.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {session.refused.map((r, i) => (
              <li key={i}>
                {r.reason === 'notImage'
                  ? t('recognition.select.refused.notImage', { name: r.name })
                  : r.reason === 'tooBig'
                    ? t('recognition.select.refused.tooBig', { name: r.name, size: r.sizeMb.toFixed(1) })
                    : t('recognition.select.refused.tooOld', { name: r.name, hours: r.ageHours })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography variant="body2" sx={{ mt: 2 }} role="status">
        {total ? t('recognition.select.selected', { count: total }) : t('recognition.select.none')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {images.slice(0, SHOWN_CHIPS).map((im) => (
          <Chip key={im.id} label={im.file.name} size="small" />
        ))}
        {total > SHOWN_CHIPS && <Chip size="small" label={t('recognition.select.more', { count: total - SHOWN_CHIPS })} />}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={session.clearFiles} disabled={total === 0}>
          {t('recognition.select.clear')}
        </Button>
        <Button variant="contained" onClick={() => void session.run()} disabled={total === 0 || pack.kind !== 'ready'} data-testid="recognition-start">
          {t('recognition.select.start', { count: total })}
        </Button>
      </Stack>
    </Paper>
  )
}
