import DownloadIcon from '@mui/icons-material/Download'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import MenuList from '@mui/material/MenuList'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { env } from '../../config/env'
import { useDataSource } from '../../lib/state-hooks'
import { exportUrl, EXPORT_FORMATS } from './export-url'

/**
 * Download of the global drop matrix (CSV or JSON) for the current server and category, limited to
 * a stage or an item when given. The server writes the licence and attribution into the file.
 */
export function ExportButton({ stageId, itemId }: { stageId?: string; itemId?: string }) {
  const { t } = useTranslation()
  const { server, category } = useDataSource()
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
        data-testid="export-button"
      >
        {t('charts.export.button')}
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
          {t('charts.export.licence')}
        </Typography>
        <MenuList id={menuId} autoFocusItem aria-labelledby={buttonId} aria-describedby={noteId}>
          {EXPORT_FORMATS.map((format) => (
            <MenuItem
              key={format}
              component="a"
              href={exportUrl(env.apiBase, { server, category, format, ...(stageId ? { stageId } : {}), ...(itemId ? { itemId } : {}) })}
              download
              onClick={() => setAnchor(null)}
              data-testid={`export-${format}`}
            >
              {t(`charts.export.${format}`)}
            </MenuItem>
          ))}
        </MenuList>
      </Popover>
    </>
  )
}
