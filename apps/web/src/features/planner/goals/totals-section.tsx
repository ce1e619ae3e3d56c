import type { OperatorCost } from '@dropwise/planner'
import type { Item } from '@dropwise/schemas'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ItemIcon } from '../../../components/item-icon'
import { numberFormat } from '../../../lib/format'
import { localized } from '../../../lib/i18n'
import { NumberStepper } from '../number-stepper'
import { GOAL_ITEM_IDS } from '../planner-state'
import { byItemOrder, CostChips } from './cost-chips'
import { missingLmdExp, needRows, type NeedRow } from './goal-model'
import { itemFor } from './operator-label'

const COUNT_RULES = { min: 0, max: 999_999_999, round: true } as const

const NeedCard = memo(function NeedCard({
  row,
  item,
  name,
  planned,
  onHave,
}: {
  row: NeedRow
  item: Item
  name: string
  planned: boolean
  onHave: (id: string, have: number) => void
}) {
  const { t, i18n } = useTranslation()
  const fmt = numberFormat(i18n.language)
  return (
    <Card variant="outlined" component="li" data-testid="goals-need" data-item-id={row.id} data-need={row.need} data-missing={row.missing} aria-label={name}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Box aria-hidden sx={{ display: 'flex' }}>
            <ItemIcon item={item} size={32} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {name}
            </Typography>
            <Typography variant="caption" color={row.missing > 0 ? 'text.primary' : 'success.main'} component="div">
              {t('planner.goals.totals.needMissing', { need: fmt.format(row.need), missing: fmt.format(row.missing) })}
              {!planned && row.missing > 0 && ` · ${t('planner.goals.totals.notPlannedShort')}`}
            </Typography>
          </Box>
        </Stack>
        <NumberStepper
          label={t('planner.goals.totals.have')}
          inputLabel={`${t('planner.goals.totals.have')}: ${name}`}
          value={row.have}
          rules={COUNT_RULES}
          onChange={(v) => onHave(row.id, v)}
          decreaseLabel={t('planner.goals.totals.decrease', { item: name })}
          increaseLabel={t('planner.goals.totals.increase', { item: name })}
          testId={`goals-have-${row.id}`}
        />
      </CardContent>
    </Card>
  )
})

function Figure({ label, value, sub, testId }: { label: string; value: string; sub?: ReactNode; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div">
        {value}
      </Typography>
      {sub && (
        <Typography variant="caption" color="text.secondary" component="div">
          {sub}
        </Typography>
      )}
    </Box>
  )
}

/**
 * What every goal of the project needs together, against the stock: LMD and EXP, each material with its count
 * needed and still missing and the count owned (editable), and the module tokens (shown, not planned).
 */
export function TotalsSection({
  total,
  stock,
  itemById,
  offered,
  skipped,
  actions,
  onHave,
}: {
  total: OperatorCost
  stock: Readonly<Record<string, number>>
  itemById: ReadonlyMap<string, Item>
  offered: ReadonlySet<string>
  skipped: number
  actions: ReactNode
  onHave: (id: string, have: number) => void
}) {
  const { t, i18n } = useTranslation()
  const fmt = numberFormat(i18n.language)
  const { materials, tokens } = needRows(total.items, stock)
  const order = byItemOrder(itemById)
  const sorted = [...materials].sort((a, b) => order(a.id, b.id))
  const { lmd, exp } = missingLmdExp(total, stock)
  const tokenCounts = Object.fromEntries(tokens.map((r) => [r.id, r.need]))
  return (
    <Card component="section" aria-labelledby="goals-totals-title" data-testid="goals-totals">
      <CardContent>
        <Typography variant="h6" component="h2" id="goals-totals-title" sx={{ mb: 1 }}>
          {t('planner.goals.totals.title')}
        </Typography>
        {skipped > 0 && (
          <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
            {t('planner.goals.totals.skipped', { count: skipped })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, mb: 2 }}>
          <Figure
            label={t('planner.goals.totals.lmd')}
            value={fmt.format(lmd.need)}
            sub={t('planner.goals.totals.missingOf', { missing: fmt.format(lmd.missing), have: fmt.format(lmd.have) })}
            testId="goals-total-lmd"
          />
          <Figure
            label={t('planner.goals.totals.exp')}
            value={fmt.format(exp.need)}
            sub={t('planner.goals.totals.missingExp', { missing: fmt.format(exp.missing), have: fmt.format(exp.have) })}
            testId="goals-total-exp"
          />
          <Figure label={t('planner.goals.totals.materials')} value={fmt.format(sorted.length)} sub={t('planner.goals.totals.kinds')} testId="goals-total-kinds" />
        </Stack>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>{actions}</Box>
        {sorted.length === 0 ? (
          <Typography color="text.secondary">{t('planner.goals.totals.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))' }}
            data-testid="goals-needs"
          >
            {sorted.map((row) => {
              const item = itemFor(row.id, itemById, t)
              return (
                <NeedCard
                  key={row.id}
                  row={row}
                  item={item}
                  name={localized(item.name_i18n, item.name, i18n.language)}
                  planned={offered.has(row.id) || GOAL_ITEM_IDS.has(row.id)}
                  onHave={onHave}
                />
              )
            })}
          </Box>
        )}
        {tokens.length > 0 && (
          <Box sx={{ mt: 2 }} data-testid="goals-tokens">
            <Typography variant="subtitle2" component="h3">
              {t('planner.goals.totals.tokens')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('planner.goals.totals.tokensNote')}
            </Typography>
            <CostChips items={tokenCounts} itemById={itemById} />
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
