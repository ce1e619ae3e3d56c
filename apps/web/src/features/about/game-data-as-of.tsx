import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useGameData } from '../../lib/use-game-data'

/** "Game data as of <date>, version N" (issue 36), and why the last update was not applied when it was not. */
export function GameDataAsOf() {
  const { t, i18n } = useTranslation()
  const { data } = useGameData()
  if (!data) return null
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(data.asOf)
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="game-data-as-of">
        {t('about.site.credits.gameDataAsOf', { date, version: data.version })}
      </Typography>
      {data.problem && (
        <Typography variant="body2" color="warning.main" role="status">
          {t('about.site.credits.gameDataRefused', { reason: data.problem.reason })}
        </Typography>
      )}
    </>
  )
}
