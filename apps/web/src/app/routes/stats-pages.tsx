import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ItemIcon } from '../../components/item-icon'
import { PlaceholderPage } from '../../components/placeholder-page'
import { paths } from '../../config/paths'
import { DataSourceToggles } from '../../features/data-source/data-source-toggles'
import { readShellConfig } from '../../features/shell/frontend-config'
import { useDataset } from '../../lib/data'
import { localized } from '../../lib/i18n'

export function StatsByStage() {
  return (
    <PlaceholderPage title="menu.statsByStage">
      <DataSourceToggles />
    </PlaceholderPage>
  )
}

export function StatsByStageSelected() {
  const { stageId = '' } = useParams()
  const { i18n } = useTranslation()
  const stages = useDataset('stages')
  const stage = stages.data?.find((s) => s.stageId === stageId)
  return (
    <PlaceholderPage title="menu.statsByStage">
      <Box component="h2" sx={{ m: 0 }} data-testid="selected-stage">
        {stage ? localized(stage.code_i18n, stage.code, i18n.language) : stageId}
      </Box>
      <DataSourceToggles />
    </PlaceholderPage>
  )
}

function ItemGrid() {
  const items = useDataset('items')
  const config = useDataset('config')
  const sprite = readShellConfig(config.data).itemSprite?.url
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="item-grid">
      {items.data
        ?.filter((i) => i.spriteCoord)
        .map((item) => (
          <ButtonBase key={item.itemId} component={Link} to={paths.statsByItemSelected.href(item.itemId)} sx={{ borderRadius: 1.5 }}>
            <ItemIcon item={item} spriteUrl={sprite} />
          </ButtonBase>
        ))}
    </Box>
  )
}

export function StatsByItem() {
  return (
    <PlaceholderPage title="menu.statsByItem">
      <DataSourceToggles />
      <ItemGrid />
    </PlaceholderPage>
  )
}

export function StatsByItemSelected() {
  const { itemId = '' } = useParams()
  const { i18n } = useTranslation()
  const items = useDataset('items')
  const item = items.data?.find((i) => i.itemId === itemId)
  return (
    <PlaceholderPage title="menu.statsByItem">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {item && <ItemIcon item={item} size={64} />}
        <Box component="h2" sx={{ m: 0 }} data-testid="selected-item">
          {item ? localized(item.name_i18n, item.name, i18n.language) : itemId}
        </Box>
      </Box>
      <DataSourceToggles />
    </PlaceholderPage>
  )
}
