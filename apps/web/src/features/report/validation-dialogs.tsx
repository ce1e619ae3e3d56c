import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import {
  deviationRate,
  dropRules,
  failedCheck,
  type DropTableEntry,
  type ValidationCheck,
  type ValidationLevel,
  type ValidationResult,
  type Violation,
} from '@dropwise/report'
import type { DropType } from '@dropwise/schemas'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../config/paths'
import { formatNumber } from '../../lib/format'

/** Width of the warning dialog (web reference row 97). */
export const WARNING_DIALOG_WIDTH = 500

export const levelColor = (level: ValidationLevel) => (level === 'danger' ? 'error' : level === 'warning' ? 'warning' : 'success')

/** A deviation rate for display: two decimals, ∞ when a bound of 0 is exceeded. */
export const formatRate = (rate: number, locale: string) => (Number.isFinite(rate) ? formatNumber(rate, locale, 2) : '∞')

const dropTypeName = (t: TFunction, dropType: DropType) => t(`report.dropTypes.${dropType}`)

/** The sentence for one broken rule (`report.rules.{type,item}.{gte,lte,not}`). */
export const ruleMessage = (
  t: TFunction,
  rule: {
    kind: 'type' | 'item'
    dropType: DropType
    itemId?: string
    value: number
    check: ValidationCheck
    bounds: { lower: number; upper: number; exceptions?: readonly number[] | null }
  },
  itemName: (itemId: string) => string,
) => {
  const should = rule.check === 'gte' ? String(rule.bounds.lower) : rule.check === 'lte' ? String(rule.bounds.upper) : (rule.bounds.exceptions ?? []).join(',')
  const params = { stage: dropTypeName(t, rule.dropType), item: rule.itemId ? itemName(rule.itemId) : '', quantity: rule.value, should }
  return rule.kind === 'type' ? t(`report.rules.type.${rule.check}`, params) : t(`report.rules.item.${rule.check}`, params)
}

/** The row both warning dialogs end with: contact the team on the left; cancel and the dialog's own action on the right. */
function ContactCancelActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <DialogActions sx={{ flexWrap: 'wrap' }}>
      <Button component={Link} to={paths.aboutContact.href()}>
        {t('report.alert.contact')}
      </Button>
      <Box sx={{ flex: 1 }} />
      <Button onClick={onCancel}>{t('dialog.cancel')}</Button>
      {children}
    </DialogActions>
  )
}

/** The violations with their deviation rates, then the total; coloured by level. */
export function ViolationList({ result, itemName }: { result: ValidationResult; itemName: (itemId: string) => string }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <List dense data-testid="violation-list">
        {result.violations.map((v: Violation, i) => (
          <ListItem key={i} disableGutters>
            <ListItemText primary={ruleMessage(t, v, itemName)} secondary={t('report.validation.deviation', { rate: formatRate(v.rate, i18n.language) })} />
          </ListItem>
        ))}
      </List>
      <Chip
        color={levelColor(result.level)}
        data-testid="validation-total"
        data-level={result.level}
        label={`${t(`report.validation.level.${result.level}`)} · ${t('report.validation.total', { rate: formatRate(result.totalRate, i18n.language) })}`}
      />
    </>
  )
}

export interface WarningDialogProps {
  open: boolean
  cause: 'limitation' | 'noDrop'
  result: ValidationResult
  itemName: (itemId: string) => string
  onCancel: () => void
  onContinue: () => void
}

/** Before submit: violations or no drops (spec 001 §4). Stripe: warning when the total ≤ 2, danger above. */
export function WarningDialog({ open, cause, result, itemName, onCancel, onContinue }: WarningDialogProps) {
  const { t } = useTranslation()
  const level = result.level === 'ok' ? 'warning' : result.level
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="report-warning-title"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: WARNING_DIALOG_WIDTH }, 'data-testid': 'report-warning', 'data-level': level } as object }}
    >
      <Box sx={{ height: 8, bgcolor: level === 'danger' ? 'error.main' : 'warning.main' }} />
      <DialogTitle id="report-warning-title">{t('report.alert.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">{t(`report.alert.causes.${cause}`)}</Typography>
        {result.violations.length > 0 && <ViolationList result={result} itemName={itemName} />}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('report.alert.outlier')}
        </Typography>
      </DialogContent>
      <ContactCancelActions onCancel={onCancel}>
        <Button variant="contained" color={level === 'danger' ? 'error' : 'warning'} onClick={onContinue} data-testid="report-warning-continue">
          {t('report.alert.continue')}
        </Button>
      </ContactCancelActions>
    </Dialog>
  )
}

/** The repeat confirm after the warning: submit, cancel, or contact the team instead. */
export function RepeatConfirmDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="report-repeat-title"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: WARNING_DIALOG_WIDTH }, 'data-testid': 'report-repeat' } as object }}
    >
      <DialogTitle id="report-repeat-title">{t('report.alert.repeat.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">{t('report.alert.repeat.message')}</Typography>
      </DialogContent>
      <ContactCancelActions onCancel={onCancel}>
        <Button variant="contained" color="warning" onClick={onConfirm} data-testid="report-repeat-confirm">
          {t('report.alert.repeat.confirm')}
        </Button>
      </ContactCancelActions>
    </Dialog>
  )
}

export interface RulesDialogProps {
  open: boolean
  title: string
  dropInfos: readonly DropTableEntry[]
  drops: readonly { dropType: DropType; itemId: string; quantity: number }[]
  itemName: (itemId: string) => string
  onClose: () => void
}

/**
 * The validation-report list: every rule of the stage, type rules (message and bounds) then item
 * rules (item, drop category and message), each marked as kept or broken for the current selection.
 */
export function RulesDialog({ open, title, dropInfos, drops, itemName, onClose }: RulesDialogProps) {
  const { t, i18n } = useTranslation()
  const rules = dropRules(dropInfos).filter((r) => r.itemId !== null || r.dropType !== 'FURNITURE')
  const typeRules = rules.filter((r) => r.itemId === null)
  const itemRules = rules.filter((r) => r.itemId !== null)
  const valueOf = (r: (typeof rules)[number]) =>
    r.itemId === null
      ? new Set(drops.filter((d) => d.dropType === r.dropType && d.quantity > 0).map((d) => d.itemId)).size
      : drops.filter((d) => d.dropType === r.dropType && d.itemId === r.itemId).reduce((s, d) => s + d.quantity, 0)
  const row = (r: (typeof rules)[number], i: number) => {
    const value = valueOf(r)
    const check = failedCheck(value, r.bounds)
    const bounds = [
      t('report.validation.bounds', { lower: r.bounds.lower, upper: r.bounds.upper }),
      r.bounds.exceptions?.length ? t('report.validation.except', { values: r.bounds.exceptions.join(', ') }) : null,
      t('report.validation.now', { value }),
    ]
      .filter(Boolean)
      .join(' · ')
    const primary =
      check === null
        ? r.itemId === null
          ? dropTypeName(t, r.dropType)
          : `${itemName(r.itemId)} (${dropTypeName(t, r.dropType)})`
        : ruleMessage(
            t,
            { kind: r.itemId === null ? 'type' : 'item', dropType: r.dropType, ...(r.itemId ? { itemId: r.itemId } : {}), value, check, bounds: r.bounds },
            itemName,
          )
    return (
      <ListItem
        key={i}
        disableGutters
        data-rule-state={check === null ? 'pass' : 'fail'}
        secondaryAction={
          <Chip
            size="small"
            color={check === null ? 'success' : 'warning'}
            label={check === null ? t('report.validation.pass') : `${t('report.validation.fail')} · ${formatRate(deviationRate(value, r.bounds), i18n.language)}`}
          />
        }
      >
        <ListItemText primary={primary} secondary={bounds} sx={{ pr: 12 }} />
      </ListItem>
    )
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="report-rules-title"
      scroll="paper"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 600 }, 'data-testid': 'report-rules' } as object }}
    >
      <DialogTitle id="report-rules-title">{title}</DialogTitle>
      <DialogContent dividers>
        {rules.length === 0 && <Typography>{t('report.validation.noRules')}</Typography>}
        {typeRules.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('report.validation.typeRules')}
            </Typography>
            <List dense>{typeRules.map(row)}</List>
          </>
        )}
        {itemRules.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('report.validation.itemRules')}
            </Typography>
            <List dense>{itemRules.map(row)}</List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}
