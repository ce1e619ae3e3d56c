import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined'
import EventOutlined from '@mui/icons-material/EventOutlined'
import WarningAmber from '@mui/icons-material/WarningAmber'
import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'

/*
 * The guide's marks as small outlined chips: the text keeps the page's contrast, the icon carries
 * the colour. Each has a tooltip that says what the mark means.
 */

/** The figure's interval is too wide to rank on. */
export function WideMark() {
  const { t } = useTranslation()
  return (
    <Tooltip title={t('guide.marks.wideHint')} describeChild>
      <Chip size="small" variant="outlined" icon={<WarningAmber color="warning" />} label={t('guide.marks.wide')} data-testid="guide-wide" />
    </Tooltip>
  )
}

/** The planner's optimum runs this stage. */
export function UsedMark() {
  const { t } = useTranslation()
  return (
    <Tooltip title={t('guide.marks.usedHint')} describeChild>
      <Chip size="small" variant="outlined" icon={<CheckCircleOutline color="success" />} label={t('guide.marks.used')} data-testid="guide-used" />
    </Tooltip>
  )
}

/** An event stage, with when it closes. */
export function EventMark({ closeTime }: { closeTime: number }) {
  const { t } = useTranslation()
  const [now] = useState(() => Date.now())
  return (
    <Tooltip title={t('guide.marks.eventHint')} describeChild>
      <Chip
        size="small"
        variant="outlined"
        icon={<EventOutlined color="info" />}
        label={t('guide.marks.event', { date: formatDate(closeTime, { now, time: true }) })}
        data-testid="guide-event"
      />
    </Tooltip>
  )
}
