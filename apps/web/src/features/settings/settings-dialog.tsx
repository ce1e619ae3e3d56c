import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { dataCache, forceRefresh } from '../../lib/data'
import { BASE_LOCALES, baseOf, isLocale, type BaseLocale, type Locale } from '../../lib/i18n'
import { chooseLocale } from './choose-locale'
import { ProbeSettingsSection } from './probe-settings-section'
import { APPEARANCES, settingsStore, type Appearance, type ThemeStyle } from '../../lib/state'
import { useSettings } from '../../lib/state-hooks'
import { storage } from '../../lib/storage'
import { ResetAllDialog } from './reset-all-dialog'
import { forcesDark, specialPeriodStyle } from './theme-style'

const STYLE_KEYS = {
  default: 'settings.themeStyle.default',
  miku2021: 'settings.themeStyle.miku2021',
  seaborn: 'settings.themeStyle.seaborn',
  avemujica: 'settings.themeStyle.avemujica',
} as const
const APPEARANCE_KEYS = { system: 'settings.appearance.system', dark: 'settings.appearance.dark', light: 'settings.appearance.light' } as const
const LANGUAGE_KEYS = { zh: 'languageNames.zh', en: 'languageNames.en', ja: 'languageNames.ja', ko: 'languageNames.ko' } as const
const STORAGE_KIND_KEYS = {
  local: 'settings.data.storageKind.local',
  session: 'settings.data.storageKind.session',
  memory: 'settings.data.storageKind.memory',
} as const

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="overline" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  )
}

export function SettingsDialog({ open, onClose, style, styles }: { open: boolean; onClose: () => void; style: ThemeStyle; styles: ThemeStyle[] }) {
  const { t, i18n } = useTranslation()
  const settings = useSettings((s) => s)
  const [reset, setReset] = useState(false)
  const special = specialPeriodStyle(new Date()) !== null
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'zh'
  const languageName = (l: BaseLocale) => (style === 'seaborn' ? t('languageNames.seaborn', { name: t(LANGUAGE_KEYS[l]) }) : t(LANGUAGE_KEYS[l]))

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="settings-dialog">
        <DialogTitle>{t('settings.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} divider={<Divider flexItem />}>
            <Section title={t('settings.themeStyle.label')}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={settings.themeStyle}
                onChange={(_e, v: ThemeStyle | null) => v && settingsStore.set({ themeStyle: v })}
                disabled={special}
                sx={{ flexWrap: 'wrap' }}
              >
                {styles.map((s) => (
                  <ToggleButton key={s} value={s}>
                    {t(STYLE_KEYS[s])}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {special && <Typography variant="caption">{t('settings.themeStyle.specialActive')}</Typography>}
            </Section>
            <Section title={t('settings.appearance.label')}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={settings.dark}
                onChange={(_e, v: Appearance | null) => v && settingsStore.set({ dark: v })}
                disabled={style === 'seaborn'}
              >
                {APPEARANCES.map((a) => (
                  <ToggleButton key={a} value={a} data-testid={`appearance-${a}`}>
                    {t(APPEARANCE_KEYS[a])}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {forcesDark(style) && <Typography variant="caption">{t('settings.appearance.forced')}</Typography>}
            </Section>
            <Section title={t('settings.language')}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={baseOf(current)}
                onChange={(_e, v: BaseLocale | null) => v && chooseLocale(v, style)}
                sx={{ flexWrap: 'wrap' }}
              >
                {BASE_LOCALES.map((l) => (
                  <ToggleButton key={l} value={l} lang={l} data-testid={`language-${l}`}>
                    {languageName(l)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Section>
            <Section title={t('settings.optimization.label')}>
              <FormControlLabel
                control={<Switch checked={settings.lowData} onChange={(e) => settingsStore.set({ lowData: e.target.checked })} />}
                label={t('settings.optimization.lowData')}
              />
              <Typography variant="caption">{t('settings.optimization.lowDataHint')}</Typography>
            </Section>
            <ProbeSettingsSection />
            <Section title={t('settings.icons.label')}>
              <Typography variant="caption">{t('settings.icons.hint')}</Typography>
              <TextField
                size="small"
                label={t('settings.icons.spriteUrl')}
                value={settings.iconSprite}
                onChange={(e) => settingsStore.set({ iconSprite: e.target.value.trim() })}
                helperText={settings.iconSprite ? undefined : t('settings.icons.generated')}
                type="url"
              />
            </Section>
            <Section title={t('settings.data.label')}>
              <Typography variant="body2">
                {t('settings.data.cached', {
                  servers:
                    dataCache
                      .buckets()
                      .filter((b) => !b.startsWith('_'))
                      .join(', ') || t('settings.data.none'),
                })}
              </Typography>
              <Typography variant="body2">{t('settings.data.storage', { kind: t(STORAGE_KIND_KEYS[storage.kind]) })}</Typography>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => void forceRefresh()}>
                  {t('settings.data.refresh')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setReset(true)} data-testid="reset-open">
                  {t('reset.open')}
                </Button>
              </Stack>
            </Section>
            <Typography variant="caption" color="text.secondary">
              {t('settings.version', { version: env.appVersion, commit: env.commit })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.close')}</Button>
        </DialogActions>
      </Dialog>
      <ResetAllDialog open={reset} onClose={() => setReset(false)} />
    </>
  )
}
