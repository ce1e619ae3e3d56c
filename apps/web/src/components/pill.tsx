import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import type { ReactNode } from 'react'

type PillColor = 'default' | 'secondary' | 'error'

const colours = (color: PillColor, outlined: boolean) =>
  outlined
    ? { color: 'inherit', border: 1, borderColor: 'currentColor' }
    : color === 'default'
      ? { bgcolor: 'action.selected', color: 'text.primary' }
      : { bgcolor: `${color}.main`, color: `${color}.contrastText` }

/**
 * A small rounded label in the look of MUI's small Chip (the shell's beta marks and network state),
 * without the Chip module (about 2.5 KB gzip the first screen does not otherwise need). With
 * `onClick` it is a button.
 */
export function Pill({
  label,
  icon,
  color = 'default',
  outlined = false,
  dense = false,
  onClick,
  ...rest
}: {
  label: ReactNode
  icon?: ReactNode
  color?: PillColor
  outlined?: boolean
  /** The 18 px mark beside a menu entry instead of the 24 px chip. */
  dense?: boolean
  onClick?: () => void
  role?: string
  'data-testid'?: string
}) {
  const sx = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    height: dense ? 18 : 24,
    px: dense ? 0.75 : 1,
    ml: dense ? 1 : 0,
    borderRadius: dense ? '9px' : '12px',
    fontSize: dense ? 11 : 13,
    lineHeight: 1,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    boxSizing: 'border-box',
    fontFamily: 'inherit',
    '& > span > svg': { fontSize: 16 },
    ...colours(color, outlined),
  } as const
  // The icon only decorates the label (a spinner's progressbar role would otherwise need a name of its own).
  const content = (
    <>
      {icon && (
        <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
          {icon}
        </Box>
      )}
      {label}
    </>
  )
  return onClick ? (
    <ButtonBase onClick={onClick} sx={sx} {...rest}>
      {content}
    </ButtonBase>
  ) : (
    <Box component="span" sx={sx} {...rest}>
      {content}
    </Box>
  )
}
