import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '../../lib/format'

const PENGUIN_STATS = 'https://penguin-stats.io'
const CC_BY_NC = 'https://creativecommons.org/licenses/by-nc/4.0/'

/** What the figures mean, in plain words, with the live LMD and EXP values. */
export function GuideExplanation({ valueLmd, valueExp }: { valueLmd: number | null; valueExp: number | null }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const entries = [
    { term: t('guide.explain.valueTerm'), text: t('guide.explain.value') },
    { term: t('guide.explain.efficiencyTerm'), text: t('guide.explain.efficiency') },
    { term: t('guide.explain.sanityTerm'), text: t('guide.explain.sanity') },
    { term: t('guide.explain.intervalTerm'), text: t('guide.explain.interval') },
    { term: t('guide.explain.wideTerm'), text: t('guide.explain.wide') },
    { term: t('guide.explain.sourceTerm'), text: t('guide.explain.source') },
  ]
  return (
    <Card component="section" aria-labelledby="guide-explain-title" data-testid="guide-explain">
      <CardContent>
        <Typography id="guide-explain-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('guide.explain.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 500, mt: 1.5 }, '& dd': { m: 0, color: 'text.secondary' } }}>
          {entries.map((e) => (
            <Box key={e.term}>
              <Typography component="dt">{e.term}</Typography>
              <Typography component="dd">{e.text}</Typography>
            </Box>
          ))}
        </Box>
        {valueLmd !== null && valueExp !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="guide-lmd-exp">
            {t('guide.explain.lmdExp', { lmd: formatNumber(valueLmd, lang, 4), exp: formatNumber(valueExp, lang, 4) })}
          </Typography>
        )}
      </CardContent>
    </Card>
  )
}

/** The drop data's credit and licence, as the footer and the exports give it. */
export function GuideCredit() {
  const { t } = useTranslation()
  return (
    <Typography variant="body2" color="text.secondary" data-testid="guide-credit">
      {t('guide.credit')}{' '}
      <Link href={PENGUIN_STATS} target="_blank" rel="noreferrer noopener" color="inherit">
        Penguin Statistics
      </Link>
      {' · '}
      <Link href={CC_BY_NC} target="_blank" rel="noreferrer noopener" color="inherit">
        CC BY-NC 4.0
      </Link>
    </Typography>
  )
}
