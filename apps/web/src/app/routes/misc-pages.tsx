import TextField from '@mui/material/TextField'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'
import { Bulletin } from '../../features/notices/bulletin'

export const Planner = () => <PlaceholderPage title="menu.planner" />
export const AdvancedQuery = () => <PlaceholderPage title="menu.advancedQuery" />
export const SiteStats = () => <PlaceholderPage title="menu.siteStats" />

/** `q` mirrors the search text; the history entry is replaced, and q is dropped when empty. */
export function SearchPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  return (
    <PlaceholderPage title="menu.search">
      <TextField
        autoFocus
        fullWidth
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        slotProps={{ htmlInput: { 'aria-label': t('search.placeholder') } }}
      />
    </PlaceholderPage>
  )
}

export const AboutBulletin = () => (
  <PlaceholderPage title="menu.bulletin">
    <Bulletin />
  </PlaceholderPage>
)
export const AboutMembers = () => <PlaceholderPage title="menu.members" />
export const AboutContribute = () => <PlaceholderPage title="menu.contribute" />
export const AboutChangelog = () => <PlaceholderPage title="menu.changelog" />
export const AboutContact = () => <PlaceholderPage title="menu.contact" />
export const AboutDonate = () => <PlaceholderPage title="menu.donate" />
export const AboutLinks = () => <PlaceholderPage title="menu.links" />
export const AboutCredits = () => <PlaceholderPage title="menu.credits" />
