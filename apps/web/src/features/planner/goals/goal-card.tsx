import type { OperatorCost } from '@dropwise/planner'
import type { Item, LevelTable, Operator } from '@dropwise/schemas'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { Fragment, memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { belowStart, canMaster, eliteChoices, levelCap, maxElite, maxSkillLevel, type GoalChange, type GoalProblem, type Side } from './goal-model'
import { GoalCost, problemText } from './goal-cost'
import { Choice, LevelField } from './goal-fields'
import { operatorName, partName, ProfessionStars } from './operator-label'
import type { GoalEntry } from './projects'

const SIDES: readonly Side[] = ['from', 'to']
const STAGES = [0, 1, 2, 3] as const

/** The grid's columns: what is set, now, target. */
const GRID_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr)',
  columnGap: 1,
  rowGap: 1,
  alignItems: 'center',
} as const

export interface GoalCardProps {
  op: Operator
  levels: LevelTable
  goal: GoalEntry
  cost: OperatorCost | null
  problem: GoalProblem | null
  itemById: ReadonlyMap<string, Item>
  onChange: (operator: string, side: Side, change: GoalChange) => void
  onRemove: (operator: string) => void
}

/** One operator's goal: now and target, side by side, with what it costs or what is wrong with it. */
export const GoalCard = memo(function GoalCard({ op, levels, goal, cost, problem, itemById, onChange, onRemove }: GoalCardProps) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const name = operatorName(op, lang)
  const sideLabel = (side: Side) => t(side === 'from' ? 'planner.goals.field.now' : 'planner.goals.field.target')
  const aria = (side: Side, field: string) => `${name}: ${field} (${sideLabel(side)})`
  const set = (side: Side) => (change: GoalChange) => onChange(op.id, side, change)
  const disabledBelow = (side: Side, change: GoalChange) => side === 'to' && belowStart(goal, change)
  const stageLabel = (n: number, kind: 'mastery' | 'module') =>
    n === 0 ? t('planner.goals.field.none') : t(kind === 'mastery' ? 'planner.goals.field.masteryValue' : 'planner.goals.field.moduleValue', { n })
  const formLabel = (form: string) =>
    i18n.exists(`planner.goals.forms.${form}`) ? t(`planner.goals.forms.${form}` as 'planner.goals.forms.amiya2') : t('planner.goals.forms.other', { form })
  const masterable = canMaster(op, levels)

  const row = (label: ReactNode, cell: (side: Side) => ReactNode, key: string) => (
    <Fragment key={key}>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      {SIDES.map((side) => (
        <Box key={side}>{cell(side)}</Box>
      ))}
    </Fragment>
  )

  // Amiya's Guard and Medic forms: each form's skills and modules under its name, after her own.
  const forms = [...new Set<string | undefined>([undefined, ...op.masteries.map((m) => m.form), ...op.modules.map((m) => m.form)])]
  const modular = maxElite(op, levels) >= 2 && op.modules.length > 0
  return (
    <Card variant="outlined" component="li" data-testid="goal-card" data-operator-id={op.id} aria-labelledby={`goal-${op.id}-name`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h3" id={`goal-${op.id}-name`} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <ProfessionStars op={op} />
          <IconButton aria-label={t('planner.goals.operator.remove', { name })} onClick={() => onRemove(op.id)} size="small" data-testid="goal-remove">
            <DeleteOutline />
          </IconButton>
        </Box>
        <Box sx={GRID_SX}>
          <span />
          {SIDES.map((side) => (
            <Typography key={side} variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 500 }}>
              {sideLabel(side)}
            </Typography>
          ))}
          {row(
            t('planner.goals.field.elite'),
            (side) => (
              <Choice
                label={aria(side, t('planner.goals.field.elite'))}
                value={goal[side].elite}
                options={[0, 1, 2].map((e) => ({
                  value: e,
                  label: t('planner.goals.field.eliteValue', { n: e }),
                  disabled: !eliteChoices(op, levels).includes(e) || disabledBelow(side, { field: 'elite', value: e }),
                }))}
                onChange={(value) => set(side)({ field: 'elite', value })}
                testId={`goal-${side}-elite`}
              />
            ),
            'elite',
          )}
          {row(
            t('planner.goals.field.level'),
            (side) => (
              <LevelField
                label={aria(side, t('planner.goals.field.level'))}
                value={goal[side].level}
                cap={levelCap(op, levels, goal[side].elite)}
                min={side === 'to' && goal.to.elite === goal.from.elite ? goal.from.level : 1}
                onChange={(value) => set(side)({ field: 'level', value })}
                testId={`goal-${side}-level`}
              />
            ),
            'level',
          )}
          {op.skills.length > 0 &&
            row(
              t('planner.goals.field.skill'),
              (side) => (
                <Choice
                  label={aria(side, t('planner.goals.field.skill'))}
                  value={goal[side].skill}
                  options={Array.from({ length: 1 + op.skills.length }, (_, i) => i + 1).map((n) => ({
                    value: n,
                    label: t('planner.goals.field.skillValue', { n }),
                    disabled: n > maxSkillLevel(op, goal[side].elite) || disabledBelow(side, { field: 'skill', value: n }),
                  }))}
                  onChange={(value) => set(side)({ field: 'skill', value })}
                  testId={`goal-${side}-skill`}
                />
              ),
              'skill',
            )}
          {forms.map((form) => (
            <Fragment key={form ?? ''}>
              {form !== undefined && (masterable || modular) && (
                <Typography variant="subtitle2" component="div" sx={{ gridColumn: '1 / -1', mt: 1 }}>
                  {formLabel(form)}
                </Typography>
              )}
              {masterable &&
                op.masteries.map((m, index) => {
                  if (m.form !== form) return null
                  const skill = partName(m.name_i18n, m.skillId, lang)
                  return row(
                    <>
                      <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                        {t('planner.goals.field.masteryOf', { n: index + 1 - op.masteries.findIndex((x) => x.form === form) })}
                      </Box>
                      {skill}
                    </>,
                    (side) => (
                      <Choice
                        label={aria(side, t('planner.goals.field.masteryAria', { skill }))}
                        value={goal[side].masteries[index] ?? 0}
                        options={STAGES.map((n) => ({ value: n, label: stageLabel(n, 'mastery'), disabled: disabledBelow(side, { field: 'mastery', index, value: n }) }))}
                        onChange={(value) => set(side)({ field: 'mastery', index, value })}
                        testId={`goal-${side}-mastery-${index}`}
                      />
                    ),
                    `m-${m.skillId}`,
                  )
                })}
              {modular &&
                op.modules
                  .filter((mod) => mod.form === form)
                  .map((mod) => {
                    const moduleName = partName(mod.name_i18n, mod.id, lang)
                    return row(
                      <>
                        <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                          {t('planner.goals.field.module')}
                        </Box>
                        {moduleName}
                      </>,
                      (side) => (
                        <Choice
                          label={aria(side, t('planner.goals.field.moduleAria', { module: moduleName }))}
                          value={goal[side].modules[mod.id] ?? 0}
                          options={STAGES.map((n) => ({
                            value: n,
                            label: stageLabel(n, 'module'),
                            disabled: disabledBelow(side, { field: 'module', id: mod.id, value: n }),
                          }))}
                          onChange={(value) => set(side)({ field: 'module', id: mod.id, value })}
                          testId={`goal-${side}-module-${mod.id}`}
                        />
                      ),
                      `u-${mod.id}`,
                    )
                  })}
            </Fragment>
          ))}
        </Box>
        {!masterable && op.star <= 3 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(maxElite(op, levels) === 0 ? 'planner.goals.operator.noPromotion' : 'planner.goals.operator.noMastery', { count: op.star })}
          </Typography>
        )}
        <Box sx={{ mt: 2 }} aria-live="polite">
          {problem ? (
            <Alert severity="warning" data-testid="goal-problem">
              {problemText(t, problem, sideLabel)}
            </Alert>
          ) : cost ? (
            <GoalCost cost={cost} itemById={itemById} lang={lang} />
          ) : null}
        </Box>
      </CardContent>
    </Card>
  )
})
