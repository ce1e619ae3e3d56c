import { z } from 'zod/mini'

/**
 * Goal projects (issue 39 §4): several named plans kept in the browser, each with its operators' goals, the
 * player's stock and its options, exported and imported one per file. Pure: ids and clocks come from the caller.
 *
 * Stored under one key as `{version, activeId, projects}`. Every project is checked on its own as it is read
 * (zod), so one corrupt entry is set aside (kept apart, under its own key, for the player to recover) and the
 * others still load; a document from a newer version of the site is set aside whole rather than misread.
 */
export const PROJECTS_STORAGE_KEY = 'dropwise-goal-projects'
/** Where unreadable stored projects are kept (appended, newest last), never thrown away. */
export const PROJECTS_SET_ASIDE_KEY = 'dropwise-goal-projects-set-aside'
export const PROJECTS_VERSION = 1
export const PROJECT_FILE_TYPE = '@dropwise/goals/project'
export const PROJECT_NAME_MAX = 60
export const PROJECTS_MAX = 50
export const DEFAULT_DAILY_SANITY = 240
/** Highest count a stock or need entry may hold (the game's depot stops at 999,999,999). */
export const COUNT_MAX = 999_999_999

const count = z.int().check(z.minimum(0), z.maximum(COUNT_MAX))
const masteryLevel = z.int().check(z.minimum(0), z.maximum(3))

export const goalStateSchema = z.object({
  elite: z.int().check(z.minimum(0), z.maximum(2)),
  level: z.int().check(z.minimum(1), z.maximum(90)),
  skill: z.int().check(z.minimum(1), z.maximum(7)),
  masteries: z.array(masteryLevel).check(z.maxLength(16)),
  modules: z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.int().check(z.minimum(0), z.maximum(3))),
})
export type GoalState = z.infer<typeof goalStateSchema>

export const goalEntrySchema = z.object({
  operator: z.string().check(z.minLength(1), z.maxLength(100)),
  from: goalStateSchema,
  to: goalStateSchema,
})
export type GoalEntry = z.infer<typeof goalEntrySchema>

export const goalOptionsSchema = z.object({
  /** Sanity the player spends a day without potions or prime (natural regeneration: 240). */
  dailySanity: z._default(z.int().check(z.minimum(0), z.maximum(10_000)), DEFAULT_DAILY_SANITY),
  /** Sanity potions drunk a day, on average (fractions allowed: 0.5 is one every other day). */
  potionsPerDay: z._default(z.number().check(z.minimum(0), z.maximum(100)), 0),
  /** Originite Prime refills a day, on average. */
  primePerDay: z._default(z.number().check(z.minimum(0), z.maximum(100)), 0),
})
export type GoalOptions = z.infer<typeof goalOptionsSchema>
export const DEFAULT_GOAL_OPTIONS: GoalOptions = { dailySanity: DEFAULT_DAILY_SANITY, potionsPerDay: 0, primePerDay: 0 }

/** A project as it travels in a file: everything but its local id. */
export const projectBodySchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(PROJECT_NAME_MAX)),
  goals: z.array(goalEntrySchema).check(z.maxLength(1000)),
  stock: z.record(z.string().check(z.minLength(1), z.maxLength(100)), count),
  options: z._default(goalOptionsSchema, DEFAULT_GOAL_OPTIONS),
  /** Milliseconds since the epoch of the last change. */
  updatedAt: z._default(z.number(), 0),
})
export const projectSchema = z.extend(projectBodySchema, { id: z.string().check(z.minLength(1), z.maxLength(100)) })
export type Project = z.infer<typeof projectSchema>

export interface ProjectsState {
  version: typeof PROJECTS_VERSION
  /** The project on screen; '' when there is none yet. */
  activeId: string
  projects: Project[]
}

export const EMPTY_PROJECTS: ProjectsState = { version: PROJECTS_VERSION, activeId: '', projects: [] }

/** What reading the stored document gave: the usable state, and what was set aside (with why). */
export interface LoadedProjects {
  state: ProjectsState
  setAside: { reason: 'invalid' | 'newer-version' | 'not-a-document'; raw: unknown }[]
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Reads the stored document. Nothing stored: the empty state. A document of another shape or a newer version:
 * the empty state, the document set aside. Each project is checked alone; a corrupt one (or a repeated id) is set
 * aside and the rest load. The active id falls back to the first project.
 */
export const loadProjects = (raw: unknown): LoadedProjects => {
  if (raw === undefined || raw === null) return { state: EMPTY_PROJECTS, setAside: [] }
  if (!isRecord(raw) || !Array.isArray(raw.projects)) return { state: EMPTY_PROJECTS, setAside: [{ reason: 'not-a-document', raw }] }
  if (typeof raw.version !== 'number' || raw.version > PROJECTS_VERSION) return { state: EMPTY_PROJECTS, setAside: [{ reason: 'newer-version', raw }] }
  const projects: Project[] = []
  const setAside: LoadedProjects['setAside'] = []
  const ids = new Set<string>()
  for (const entry of raw.projects) {
    const parsed = projectSchema.safeParse(entry)
    if (!parsed.success || ids.has(parsed.data.id)) {
      setAside.push({ reason: 'invalid', raw: entry })
      continue
    }
    ids.add(parsed.data.id)
    projects.push(parsed.data)
  }
  const activeId = typeof raw.activeId === 'string' && ids.has(raw.activeId) ? raw.activeId : (projects[0]?.id ?? '')
  return { state: { version: PROJECTS_VERSION, activeId, projects }, setAside }
}

export const activeProject = (state: ProjectsState): Project | undefined => state.projects.find((p) => p.id === state.activeId)

/** A name no other project has: `name`, else `name (2)`, `name (3)` … (cut to fit the length limit). */
export const uniqueName = (state: ProjectsState, wanted: string, exceptId?: string): string => {
  const base = cleanName(wanted) || 'Project'
  const taken = new Set(state.projects.filter((p) => p.id !== exceptId).map((p) => p.name))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const name = `${base.slice(0, PROJECT_NAME_MAX - suffix.length)}${suffix}`
    if (!taken.has(name)) return name
  }
}

/** Spaces folded and trimmed, cut to the length limit. */
export const cleanName = (name: string): string => name.replace(/\s+/g, ' ').trim().slice(0, PROJECT_NAME_MAX)

export const newProject = (id: string, name: string, now: number): Project => ({ id, name, goals: [], stock: {}, options: { ...DEFAULT_GOAL_OPTIONS }, updatedAt: now })

/** Adds an empty project (its name made unique) and shows it. */
export const createProject = (state: ProjectsState, { id, name, now }: { id: string; name: string; now: number }): ProjectsState => ({
  ...state,
  activeId: id,
  projects: [...state.projects, newProject(id, uniqueName(state, name), now)],
})

/** Renames a project; an empty name changes nothing. */
export const renameProject = (state: ProjectsState, id: string, name: string, now: number): ProjectsState => {
  if (!cleanName(name)) return state
  return updateProject(state, id, (p) => ({ ...p, name: uniqueName(state, name, id) }), now)
}

/** Removes a project; when it was on screen, its neighbour (the next, else the previous) is. */
export const deleteProject = (state: ProjectsState, id: string): ProjectsState => {
  const index = state.projects.findIndex((p) => p.id === id)
  if (index < 0) return state
  const projects = state.projects.filter((p) => p.id !== id)
  const activeId = state.activeId === id ? (projects[Math.min(index, projects.length - 1)]?.id ?? '') : state.activeId
  return { ...state, projects, activeId }
}

export const switchProject = (state: ProjectsState, id: string): ProjectsState => (state.projects.some((p) => p.id === id) ? { ...state, activeId: id } : state)

/** Changes one project (its `updatedAt` set to `now`); an unknown id changes nothing. */
export const updateProject = (state: ProjectsState, id: string, change: (p: Project) => Project, now: number): ProjectsState => {
  let changed = false
  const projects = state.projects.map((p) => {
    if (p.id !== id) return p
    changed = true
    return { ...change(p), id, updatedAt: now }
  })
  return changed ? { ...state, projects } : state
}

/** The state with an active project: itself when it has one, else with a new empty project named `name`. */
export const ensureActive = (state: ProjectsState, { id, name, now }: { id: string; name: string; now: number }): ProjectsState => {
  if (activeProject(state)) return state
  if (state.projects[0]) return { ...state, activeId: state.projects[0].id }
  return createProject(state, { id, name, now })
}

/** One project as one file (JSON): its type, the format version and the project without its local id. */
export const exportProjectFile = (project: Project): string => {
  const { id: _id, ...body } = project
  return `${JSON.stringify({ '@type': PROJECT_FILE_TYPE, version: PROJECTS_VERSION, project: body }, null, 2)}\n`
}

export type ProjectFileError = 'invalid-json' | 'unrecognized' | 'newer-version' | 'invalid-project'

export type ParsedProjectFile = { ok: true; project: z.infer<typeof projectBodySchema> } | { ok: false; error: ProjectFileError; detail?: string }

/** Reads a project file; `detail` says where a project that fails its checks goes wrong (`planner.goals.0.to.elite: …`). */
export const parseProjectFile = (text: string): ParsedProjectFile => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, error: 'invalid-json' }
  }
  if (!isRecord(data) || data['@type'] !== PROJECT_FILE_TYPE) return { ok: false, error: 'unrecognized' }
  if (typeof data.version !== 'number' || data.version > PROJECTS_VERSION) return { ok: false, error: 'newer-version' }
  const parsed = projectBodySchema.safeParse(data.project)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, error: 'invalid-project', detail: issue ? `${issue.path.join('.') || '(project)'}: ${issue.message}` : undefined }
  }
  return { ok: true, project: parsed.data }
}

/** Adds an imported project under a new id (its name made unique) and shows it. */
export const importProject = (state: ProjectsState, body: z.infer<typeof projectBodySchema>, { id, now }: { id: string; now: number }): ProjectsState => ({
  ...state,
  activeId: id,
  projects: [...state.projects, { ...body, id, name: uniqueName(state, body.name), updatedAt: now }],
})

/** A file name for a project's export: its name with characters file systems refuse replaced. */
export const projectFileName = (project: Pick<Project, 'name'>): string =>
  `${project.name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'project'}.dropwise-goals.json`
