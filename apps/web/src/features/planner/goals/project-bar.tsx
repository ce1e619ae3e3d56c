import Add from '@mui/icons-material/Add'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline'
import UploadFile from '@mui/icons-material/UploadFile'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../../components/feedback/confirm-store'
import { snackbar } from '../../../components/feedback/snackbar-store'
import { exportProjectFile, parseProjectFile, PROJECT_NAME_MAX, projectFileName, type Project, type ProjectsState } from './projects'

/** A project file is a few KB; anything far larger is not one. */
const FILE_MAX_BYTES = 5_000_000

export interface ProjectActions {
  create: () => void
  rename: (name: string) => void
  remove: () => void
  switchTo: (id: string) => void
  importBody: (body: Extract<ReturnType<typeof parseProjectFile>, { ok: true }>['project']) => void
}

function RenameDialog({ open, name, onClose, onRename }: { open: boolean; name: string; onClose: () => void; onRename: (name: string) => void }) {
  const { t } = useTranslation()
  const [value, setValue] = useState(name)
  const titleId = useId()
  useEffect(() => {
    if (open) setValue(name)
  }, [open, name])
  const valid = value.trim().length > 0
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) onRename(value)
        }}
      >
        <DialogTitle id={titleId}>{t('planner.goals.projects.renameTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('planner.goals.projects.name')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!valid}
            helperText={valid ? ' ' : t('planner.goals.projects.nameEmpty')}
            slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX, 'data-testid': 'goals-project-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid} data-testid="goals-project-rename-save">
            {t('planner.goals.projects.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

/** The project on screen and what can be done with projects: switch, create, rename, delete, export to a file, import one. */
export function ProjectBar({ state, project, actions }: { state: ProjectsState; project: Project | undefined; actions: ProjectActions }) {
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)

  const exportFile = () => {
    if (!project) return
    const url = URL.createObjectURL(new Blob([exportProjectFile(project)], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = projectFileName(project)
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    snackbar.show(t('planner.goals.projects.exported', { name: project.name }), { severity: 'success' })
  }

  const importFile = async (file: File) => {
    setProblem(null)
    let text: string
    try {
      if (file.size > FILE_MAX_BYTES) throw new Error('too large')
      text = await file.text()
    } catch {
      setProblem(t('planner.goals.projects.fileUnreadable', { name: file.name }))
      return
    }
    const parsed = parseProjectFile(text)
    if (!parsed.ok) {
      setProblem(t(`planner.goals.projects.importError.${parsed.error}`, { name: file.name, detail: parsed.detail ?? '' }))
      return
    }
    actions.importBody(parsed.project)
    snackbar.show(t('planner.goals.projects.imported', { name: parsed.project.name, count: parsed.project.goals.length }), { severity: 'success' })
  }

  const remove = async () => {
    if (!project) return
    const ok = await confirm({
      title: t('planner.goals.projects.deleteTitle'),
      message: t('planner.goals.projects.deleteMessage', { name: project.name, count: project.goals.length }),
      confirmText: t('planner.goals.projects.delete'),
      color: 'error',
    })
    if (ok) actions.remove()
  }

  return (
    <Box component="section" aria-label={t('planner.goals.projects.label')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('planner.goals.projects.label')}
          value={project?.id ?? ''}
          onChange={(e) => actions.switchTo(e.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'goals-project-select' } }}
          sx={{ minWidth: 180, maxWidth: '100%', flex: '1 1 200px' }}
        >
          {state.projects.length === 0 && <option value="">{t('planner.goals.projects.none')}</option>}
          {state.projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button size="small" startIcon={<Add />} onClick={actions.create} data-testid="goals-project-new">
            {t('planner.goals.projects.new')}
          </Button>
          <Button size="small" startIcon={<DriveFileRenameOutline />} onClick={() => setRenaming(true)} disabled={!project} data-testid="goals-project-rename">
            {t('planner.goals.projects.rename')}
          </Button>
          <Button size="small" startIcon={<FileDownloadOutlined />} onClick={exportFile} disabled={!project} data-testid="goals-project-export">
            {t('planner.goals.projects.export')}
          </Button>
          <Button size="small" startIcon={<UploadFile />} onClick={() => fileRef.current?.click()} data-testid="goals-project-import">
            {t('planner.goals.projects.import')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => void remove()} disabled={!project} data-testid="goals-project-delete">
            {t('planner.goals.projects.delete')}
          </Button>
        </Box>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept=".json,application/json"
          aria-label={t('planner.goals.projects.import')}
          data-testid="goals-project-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void importFile(file)
            e.target.value = ''
          }}
        />
      </Box>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ mt: 1 }} data-testid="goals-project-problem">
          {problem}
        </Alert>
      )}
      <RenameDialog
        open={renaming}
        name={project?.name ?? ''}
        onClose={() => setRenaming(false)}
        onRename={(name) => {
          actions.rename(name)
          setRenaming(false)
        }}
      />
    </Box>
  )
}
