import FormControl from '@mui/material/FormControl'
import FormLabel from '@mui/material/FormLabel'
import type { ReactNode } from 'react'

/** A labelled group of controls (a fieldset whose legend names the toggle group inside). */
export function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel id={id} component="legend" sx={{ mb: 0.5, fontSize: '0.875rem' }}>
        {label}
      </FormLabel>
      {children}
    </FormControl>
  )
}
