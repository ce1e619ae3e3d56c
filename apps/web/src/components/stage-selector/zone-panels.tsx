import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import type { Stage, Zone } from '@dropwise/schemas'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { useDataSource } from '../../lib/state-hooks'
import { useStageCatalog, useStageCode, useZoneName } from './use-stage-catalog'
import { zoneStages, zoneTimeValid, type CategoryGroup, type ZoneCategory, type ZoneTab } from './zones'

/** The parts of the stage selector's step 1: stage buttons, zone accordions and category cards with tabs. */

export type OnSelect = (zoneId: string, stageId: string) => void

export function StageButton({ stage, zone, onSelect, showZone }: { stage: Stage; zone?: Zone | undefined; onSelect: OnSelect; showZone?: boolean }) {
  const code = useStageCode()
  const zoneName = useZoneName()
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => onSelect(stage.zoneId, stage.stageId)}
      data-testid="stage-button"
      data-stage-id={stage.stageId}
      sx={{ textTransform: 'none', minWidth: 64, flexDirection: 'column', lineHeight: 1.2, py: 0.5 }}
    >
      {showZone && zone && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 160 }} noWrap>
          {zoneName(zone)}
        </Typography>
      )}
      <span>{code(stage)}</span>
    </Button>
  )
}

function StatusChip({ zone }: { zone: Zone }) {
  const { t } = useTranslation()
  const { server } = useDataSource()
  const [now] = useState(() => Date.now())
  if (zone.type !== 'ACTIVITY') return null
  const v = zoneTimeValid(zone, server, now)
  const e = zone.existence[server]
  const period =
    e.openTime !== undefined || e.closeTime !== undefined
      ? `${e.openTime !== undefined ? formatDate(e.openTime, { now, time: true }) : '…'} – ${e.closeTime !== undefined ? formatDate(e.closeTime, { now, time: true }) : '…'}`
      : null
  const chip =
    v === 0 ? (
      <Chip size="small" color="success" label={t('stats.selector.status.open')} />
    ) : v === 1 ? (
      <Chip size="small" color="error" variant="outlined" label={t('stats.selector.status.closed')} />
    ) : v === -1 ? (
      <Chip size="small" label={t('stats.selector.status.pending')} />
    ) : (
      <Chip size="small" color="primary" variant="outlined" label={t('stats.selector.status.permanent')} />
    )
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {chip}
      {period && (
        <Typography variant="caption" color="text.secondary">
          {period}
        </Typography>
      )}
    </Stack>
  )
}

function ZonePanel({ zone, defaultExpanded, onSelect }: { zone: Zone; defaultExpanded: boolean; onSelect: OnSelect }) {
  const { stagesById, server } = useStageCatalog()
  const zoneName = useZoneName()
  const id = useId()
  const stages = zoneStages(zone, stagesById, server)
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters slotProps={{ transition: { unmountOnExit: true } }} data-testid="zone-panel" data-zone-id={zone.zoneId}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Stack spacing={0.5}>
          <Typography component="h4" variant="subtitle1">
            {zoneName(zone)}
          </Typography>
          <StatusChip zone={zone} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {stages.map((s) => (
            <StageButton key={s.stageId} stage={s} onSelect={onSelect} />
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  )
}

function useTabLabel(): (tab: ZoneTab) => string {
  const { t } = useTranslation()
  return (tab) => {
    if (tab.kind === 'year') return tab.key || t('stats.selector.unknownYear')
    const subTypes: Record<string, string> = {
      AWAKENING_HOUR: t('stats.selector.subTypes.AWAKENING_HOUR'),
      VISION_SHATTER: t('stats.selector.subTypes.VISION_SHATTER'),
      DYING_SUN: t('stats.selector.subTypes.DYING_SUN'),
      NEXUS_POINT_OF_FUTURE: t('stats.selector.subTypes.NEXUS_POINT_OF_FUTURE'),
      INTERLUDE: t('stats.selector.subTypes.INTERLUDE'),
      SIDESTORY: t('stats.selector.subTypes.SIDESTORY'),
    }
    const title = subTypes[tab.key] ?? tab.key
    return tab.episodes ? `${title} · ${t('stats.selector.episodes', { from: tab.episodes.from, to: tab.episodes.to })}` : title
  }
}

/** The translated title of each zone category. */
export function useCategoryTitles(): Record<ZoneCategory, string> {
  const { t } = useTranslation()
  return {
    ACTIVITY_OPEN: t('stats.selector.categories.ACTIVITY_OPEN'),
    ACTIVITY_PENDING: t('stats.selector.categories.ACTIVITY_PENDING'),
    MAINLINE: t('stats.selector.categories.MAINLINE'),
    ACTIVITY_PERMANENT: t('stats.selector.categories.ACTIVITY_PERMANENT'),
    GACHABOX: t('stats.selector.categories.GACHABOX'),
    RECRUIT: t('stats.selector.categories.RECRUIT'),
    ACTIVITY_CLOSED: t('stats.selector.categories.ACTIVITY_CLOSED'),
    WEEKLY: t('stats.selector.categories.WEEKLY'),
  }
}

export function CategoryCard({ group, onSelect }: { group: CategoryGroup; onSelect: OnSelect }) {
  const tabLabel = useTabLabel()
  const [tabIndex, setTabIndex] = useState(group.tabs.length - 1)
  const tab = group.tabs[Math.min(tabIndex, group.tabs.length - 1)]
  const id = useId()
  const titles = useCategoryTitles()
  if (!tab) return null
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid="zone-category" data-category={group.category}>
      <CardContent sx={{ pb: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="h6">
          {titles[group.category]}
        </Typography>
      </CardContent>
      {group.tabs.length > 1 && (
        <Tabs
          value={Math.min(tabIndex, group.tabs.length - 1)}
          onChange={(_e, v: number) => setTabIndex(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={titles[group.category]}
        >
          {group.tabs.map((tb, i) => (
            <Tab key={tb.key || i} label={tabLabel(tb)} id={`${id}-tab-${i}`} aria-controls={`${id}-tabpanel`} sx={{ textTransform: 'none' }} />
          ))}
        </Tabs>
      )}
      <Box
        role={group.tabs.length > 1 ? 'tabpanel' : undefined}
        id={`${id}-tabpanel`}
        aria-labelledby={group.tabs.length > 1 ? `${id}-tab-${tabIndex}` : undefined}
        sx={{ p: 1 }}
      >
        {tab.zones.map((z) => (
          <ZonePanel key={`${tab.key}-${z.zoneId}`} zone={z} defaultExpanded={tab.zones.length === 1} onSelect={onSelect} />
        ))}
      </Box>
    </Card>
  )
}
