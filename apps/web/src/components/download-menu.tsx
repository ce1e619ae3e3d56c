import DownloadIcon from '@mui/icons-material/Download'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import MenuList from '@mui/material/MenuList'
import Popover from '@mui/material/Popover'
import Typography from '@mui/material/Typography'
import { useId, useState } from 'react'

export interface DownloadChoice {
  key: string
  href: string
  label: string
  testId?: string
}

/**
 * A download button whose menu offers files (CSV, JSON …) under a short note (the licence of the data),
 * for the stats pages' matrix export and the farming guide's table.
 */
export function DownloadMenu({ label, note, choices, testId }: { label: string; note: string; choices: readonly DownloadChoice[]; testId?: string }) {
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
        data-testid={testId}
      >
        {label}
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
          {note}
        </Typography>
        <MenuList id={menuId} autoFocusItem aria-labelledby={buttonId} aria-describedby={noteId}>
          {choices.map((c) => (
            <MenuItem key={c.key} component="a" href={c.href} download onClick={() => setAnchor(null)} data-testid={c.testId}>
              {c.label}
            </MenuItem>
          ))}
        </MenuList>
      </Popover>
    </>
  )
}
