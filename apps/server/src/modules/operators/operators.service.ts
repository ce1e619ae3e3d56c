import { addOperatorCost, checkOperatorGoal, operatorGoalCost, type OperatorCost } from '@dropwise/planner'
import type { ItemCounts, LevelTable, Operator, OperatorsPlanRequest, OperatorsPlanResponse, Server } from '@dropwise/schemas'
import { invalidRequest, serviceUnavailable } from '../../lib/errors'
import { referenceEtag, type CachedBody } from '../catalog/catalog.service'
import type { OperatorsRepository } from './operators.repository'

export interface OperatorsServiceDeps {
  repository: OperatorsRepository
  /** The game-data version answering now (the catalog's): the operators are read again when it moves. */
  dataVersion: () => Promise<number>
  clock: () => number
}

interface Snapshot {
  version: number
  builtAt: number
  byId: Map<string, Operator>
  operators: Operator[]
  levels: LevelTable
  lists: Map<Server, CachedBody>
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Item counts with their keys in code-unit order (numeric-looking ids come first in JSON anyway). */
const sortedCounts = (items: ItemCounts): ItemCounts =>
  Object.fromEntries(
    Object.keys(items)
      .sort(byCodeUnits)
      .map((id) => [id, items[id] ?? 0]),
  )

/**
 * Operators and what raising them costs (issue 39): the list per server with the level table
 * (`GET /operators`), and the summed costs of operator goals (`POST /planner/operators`), computed by
 * `@dropwise/planner`'s `operatorGoalCost` after `checkOperatorGoal` allowed each goal.
 */
export const createOperatorsService = ({ repository, dataVersion, clock }: OperatorsServiceDeps) => {
  let snapshot: { version: number; ready: Promise<Snapshot> } | null = null

  const build = async (version: number): Promise<Snapshot> => {
    const [operators, levels] = await Promise.all([repository.operators(), repository.levels()])
    if (levels === null) throw serviceUnavailable('the operators are not loaded yet')
    operators.sort((a, b) => byCodeUnits(a.id, b.id))
    return { version, builtAt: clock(), byId: new Map(operators.map((o) => [o.id, o])), operators, levels, lists: new Map() }
  }

  /** The snapshot of the game-data version answering now: read once per version (a failed read is tried again). */
  const current = async (): Promise<Snapshot> => {
    const version = await dataVersion()
    if (snapshot?.version === version) return snapshot.ready
    const entry = { version, ready: build(version) }
    snapshot = entry
    entry.ready.catch(() => {
      if (snapshot === entry) snapshot = null
    })
    return entry.ready
  }

  return {
    /** `{operators, levels}` of the operators released on `server`, serialised, with its ETag (version and body hash). */
    async list(server: Server): Promise<CachedBody> {
      const s = await current()
      let body = s.lists.get(server)
      if (!body) {
        const text = JSON.stringify({ operators: s.operators.filter((o) => o.servers.includes(server)), levels: s.levels })
        body = { body: text, builtAt: s.builtAt, etag: referenceEtag(s.version, text) }
        s.lists.set(server, body)
      }
      return body
    },

    /**
     * The summed costs of the goals, and each goal's. An unknown operator, one not released on the server, an
     * unknown module or a goal the game does not allow is a 400 naming the goal (its index and operator).
     */
    async plan(request: OperatorsPlanRequest): Promise<OperatorsPlanResponse> {
      const s = await current()
      const total: OperatorCost = { items: {}, lmd: 0, exp: 0 }
      const perGoal = request.goals.map((goal, i) => {
        const where = `goals[${i}] (${goal.operator})`
        const op = s.byId.get(goal.operator)
        if (!op) throw invalidRequest(`${where}: unknown operator`)
        if (!op.servers.includes(request.server)) throw invalidRequest(`${where}: ${op.name_i18n.en ?? op.name} is not released on ${request.server}`)
        const impossible = checkOperatorGoal(op, s.levels, goal.from, goal.to)
        if (impossible !== null) throw invalidRequest(`${where}: ${impossible}`)
        const cost = operatorGoalCost(op, s.levels, goal.from, goal.to)
        addOperatorCost(total, cost)
        return { operator: op.id, items: sortedCounts(cost.items), lmd: cost.lmd, exp: cost.exp }
      })
      return { items: sortedCounts(total.items), lmd: total.lmd, exp: total.exp, perGoal }
    },
  }
}
export type OperatorsService = ReturnType<typeof createOperatorsService>
