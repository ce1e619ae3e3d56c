import { describe, expect, it } from 'vitest'
import {
  createProject,
  deleteProject,
  EMPTY_PROJECTS,
  ensureActive,
  exportProjectFile,
  importProject,
  loadProjects,
  parseProjectFile,
  projectFileName,
  PROJECT_NAME_MAX,
  renameProject,
  switchProject,
  uniqueName,
  updateProject,
  type Project,
  type ProjectsState,
} from './projects'

const goal = {
  operator: '102_texas',
  from: { elite: 0, level: 1, skill: 1, masteries: [0, 0], modules: {} },
  to: { elite: 2, level: 1, skill: 7, masteries: [0, 3], modules: { uniequip_002_texas: 2 } },
}
const project = (id: string, name = id): Project => ({
  id,
  name,
  goals: [goal],
  stock: { '30012': 10 },
  options: { dailySanity: 240, potionsPerDay: 0, primePerDay: 0 },
  updatedAt: 1,
})
const stateOf = (...projects: Project[]): ProjectsState => ({ version: 1, activeId: projects[0]?.id ?? '', projects })

describe('loading stored projects', () => {
  it('nothing stored: no project, nothing set aside', () => {
    expect(loadProjects(undefined)).toEqual({ state: EMPTY_PROJECTS, setAside: [] })
  })

  it('keeps every valid project and sets a corrupt one aside, the others still load', () => {
    const bad = { id: 'b', name: 'broken', goals: [{ operator: '102_texas', from: { elite: 5 } }], stock: {} }
    const loaded = loadProjects({ version: 1, activeId: 'b', projects: [project('a'), bad, 'junk', project('c')] })
    expect(loaded.state.projects.map((p) => p.id)).toEqual(['a', 'c'])
    // The active one was the corrupt one: the first that loaded is shown instead.
    expect(loaded.state.activeId).toBe('a')
    expect(loaded.setAside).toEqual([
      { reason: 'invalid', raw: bad },
      { reason: 'invalid', raw: 'junk' },
    ])
  })

  it('sets a repeated id aside rather than showing two projects as one', () => {
    const loaded = loadProjects({ version: 1, activeId: 'a', projects: [project('a'), project('a', 'again')] })
    expect(loaded.state.projects).toHaveLength(1)
    expect(loaded.setAside).toHaveLength(1)
  })

  it('fills options left out by an older entry with the defaults', () => {
    const { options: _o, updatedAt: _u, ...old } = project('a')
    const loaded = loadProjects({ version: 1, activeId: 'a', projects: [old] })
    expect(loaded.state.projects[0]?.options).toEqual({ dailySanity: 240, potionsPerDay: 0, primePerDay: 0 })
  })

  it('sets aside a document of a newer version or of another shape, whole, instead of misreading it', () => {
    expect(loadProjects({ version: 2, activeId: 'a', projects: [project('a')] }).setAside[0]?.reason).toBe('newer-version')
    expect(loadProjects({ version: 1, projects: 'nope' })).toMatchObject({ state: EMPTY_PROJECTS, setAside: [{ reason: 'not-a-document' }] })
    expect(loadProjects(42).state).toEqual(EMPTY_PROJECTS)
  })
})

describe('project operations', () => {
  it('creates with a unique name, switches, renames and deletes', () => {
    let s = createProject(EMPTY_PROJECTS, { id: 'p1', name: 'Elite 2', now: 5 })
    s = createProject(s, { id: 'p2', name: 'Elite 2', now: 6 })
    expect(s.projects.map((p) => p.name)).toEqual(['Elite 2', 'Elite 2 (2)'])
    expect(s.activeId).toBe('p2')
    s = switchProject(s, 'p1')
    expect(s.activeId).toBe('p1')
    expect(switchProject(s, 'nope')).toBe(s)
    s = renameProject(s, 'p1', '  Masteries  ', 9)
    expect(s.projects[0]).toMatchObject({ name: 'Masteries', updatedAt: 9 })
    expect(renameProject(s, 'p1', '   ', 10)).toBe(s)
    // Deleting the active project shows its neighbour; deleting the last leaves none.
    s = deleteProject(s, 'p1')
    expect(s).toMatchObject({ activeId: 'p2', projects: [{ id: 'p2' }] })
    s = deleteProject(s, 'p2')
    expect(s).toMatchObject({ activeId: '', projects: [] })
  })

  it('deleting another project keeps the one on screen', () => {
    const s = { ...stateOf(project('a'), project('b'), project('c')), activeId: 'c' }
    expect(deleteProject(s, 'a').activeId).toBe('c')
    expect(deleteProject({ ...s, activeId: 'b' }, 'b').activeId).toBe('c')
    expect(deleteProject({ ...s, activeId: 'c' }, 'c').activeId).toBe('b')
  })

  it('updates one project and stamps it; an unknown id changes nothing', () => {
    const s = stateOf(project('a'), project('b'))
    const next = updateProject(s, 'b', (p) => ({ ...p, stock: {} }), 77)
    expect(next.projects[1]).toMatchObject({ id: 'b', stock: {}, updatedAt: 77 })
    expect(next.projects[0]).toBe(s.projects[0])
    expect(updateProject(s, 'zz', (p) => p, 1)).toBe(s)
  })

  it('makes a project for the first change when there is none, else keeps the state', () => {
    const made = ensureActive(EMPTY_PROJECTS, { id: 'new', name: 'Plan 1', now: 3 })
    expect(made).toMatchObject({ activeId: 'new', projects: [{ id: 'new', name: 'Plan 1', goals: [], stock: {} }] })
    const s = stateOf(project('a'))
    expect(ensureActive(s, { id: 'x', name: 'x', now: 0 })).toBe(s)
    expect(ensureActive({ ...s, activeId: 'gone' }, { id: 'x', name: 'x', now: 0 }).activeId).toBe('a')
  })

  it('keeps names within the length limit, even with a suffix', () => {
    const long = 'x'.repeat(PROJECT_NAME_MAX + 10)
    const s = createProject(EMPTY_PROJECTS, { id: 'a', name: long, now: 0 })
    expect(s.projects[0]?.name).toHaveLength(PROJECT_NAME_MAX)
    const again = uniqueName(s, long)
    expect(again).toHaveLength(PROJECT_NAME_MAX)
    expect(again.endsWith(' (2)')).toBe(true)
  })
})

describe('project files', () => {
  it('exports one project and imports it back as a new one, under a new id and a unique name', () => {
    const original = project('a', 'E2 list')
    const text = exportProjectFile(original)
    expect(JSON.parse(text)).toMatchObject({ '@type': '@dropwise/goals/project', version: 1, project: { name: 'E2 list' } })
    expect(text).not.toContain('"id"')
    const parsed = parseProjectFile(text)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    const s = importProject(stateOf(original), parsed.project, { id: 'b', now: 50 })
    expect(s.activeId).toBe('b')
    expect(s.projects[1]).toEqual({ ...original, id: 'b', name: 'E2 list (2)', updatedAt: 50 })
  })

  it('says why a file cannot be imported, and where a damaged project goes wrong', () => {
    expect(parseProjectFile('{oops')).toEqual({ ok: false, error: 'invalid-json' })
    expect(parseProjectFile('{"@type": "@penguin-statistics/depot", "items": []}')).toEqual({ ok: false, error: 'unrecognized' })
    expect(parseProjectFile('{"@type": "@dropwise/goals/project", "version": 9, "project": {}}')).toEqual({ ok: false, error: 'newer-version' })
    const damaged = JSON.parse(exportProjectFile(project('a'))) as { project: { goals: { to: { elite: number } }[] } }
    damaged.project.goals[0]!.to.elite = 7
    const r = parseProjectFile(JSON.stringify(damaged))
    expect(r).toMatchObject({ ok: false, error: 'invalid-project' })
    expect(!r.ok && r.detail).toMatch(/^goals\.0\.to\.elite: /)
  })

  it('names the file after the project, without characters file systems refuse', () => {
    expect(projectFileName({ name: 'E2: Texas / Amiya' })).toBe('E2-Texas-Amiya.dropwise-goals.json')
    expect(projectFileName({ name: '///' })).toBe('project.dropwise-goals.json')
  })
})
