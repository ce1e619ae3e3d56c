import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import type { SxProps, Theme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import type { CSSProperties, ReactNode } from 'react'

/** A card section with its title as a level-2 heading (home and about pages); the title also names the section. */
export function TitledCard({ title, children, sx, style, testId }: { title: string; children: ReactNode; sx?: SxProps<Theme>; style?: CSSProperties; testId?: string }) {
  return (
    <Card component="section" aria-label={title} data-testid={testId} sx={sx} style={style}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  )
}
