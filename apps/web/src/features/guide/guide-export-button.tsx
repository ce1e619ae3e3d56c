import DownloadIcon from '@mui/icons-material/Download'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import MenuList from '@mui/material/MenuList'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import type { Server } from '@dropwise/schemas'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { efficiencyExportUrl } from './guide-model'

const FORMATS = ['csv', 'json'] as const

/**
 * Download of the stage efficiency table (CSV or JSON) for the server and options on screen, in the
 * stats pages' export button's look. The server writes the licence and attribution into the file.
 */
export function GuideExportButton({ server, lmd, exp }: { server: Server; lmd: boolean; exp: boolean }) {
  const { t } = useTranslation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const menuId = useId()
  const buttonId = useId()
  const noteId = useId()
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="guide-export-button"
      >
        {t('guide.export.button')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { maxWidth: 300 } } }}
      >
        {/* The note sits outside the menu list: a menu may only hold menu items. */}
        <Typography id={noteId} variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          {t('guide.export.licence')}
        </Typography>
        <MenuList id={menuId} autoFocusItem aria-labelledby={buttonId} aria-describedby={noteId}>
          {FORMATS.map((format) => (
            <MenuItem
              key={format}
              component="a"
              href={efficiencyExportUrl(env.apiBase, { server, lmd, exp, format })}
              download
              onClick={() => setAnchor(null)}
              data-testid={`guide-export-${format}`}
            >
              {format === 'csv' ? t('guide.export.csv') : t('guide.export.json')}
            </MenuItem>
          ))}
        </MenuList>
      </Popover>
    </>
  )
}
