import Box from '@mui/material/Box'
import { useTranslation } from 'react-i18next'

/**
 * "Skip to main content": the first thing Tab reaches, out of sight until focused. Moves focus to
 * the page's heading (or the main region) so the next Tab continues inside the page.
 */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation()
  return (
    <Box
      component="a"
      href={`#${target}`}
      data-testid="skip-link"
      onClick={(e) => {
        const main = document.getElementById(target)
        if (!main) return
        e.preventDefault()
        const heading = main.querySelector<HTMLElement>('h1') ?? main
        heading.tabIndex = -1
        heading.focus()
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (th) => th.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 6,
        outline: '2px solid',
        outlineColor: 'primary.main',
        // Out of sight (but not out of the tab order) until focused.
        '&:not(:focus)': { width: '1px', height: '1px', p: 0, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
      }}
    >
      {t('app.skipToContent')}
    </Box>
  )
}
