import { describe, expect, it } from 'vitest'
import { operatorsPlanRequestSchema, operatorsPlanResponseSchema } from './game-operators'

describe('operator goals', () => {
  it("takes issue 39's example request", () => {
    const body = {
      server: 'CN',
      goals: [
        {
          operator: '102_texas',
          from: { elite: 0, level: 1, skill: 1, masteries: [0, 0], modules: {} },
          to: { elite: 2, level: 60, skill: 7, masteries: [0, 3], modules: { uniequip_002_texas: 2 } },
        },
      ],
    }
    expect(operatorsPlanRequestSchema.parse(body)).toEqual(body)
  })

  it('refuses out-of-range states, unknown servers and empty goal lists', () => {
    const goal = (to: object) => ({ operator: 'x', from: { elite: 0, level: 1, skill: 1 }, to: { elite: 0, level: 1, skill: 1, ...to } })
    expect(operatorsPlanRequestSchema.safeParse({ server: 'CN', goals: [goal({ elite: 3 })] }).success).toBe(false)
    expect(operatorsPlanRequestSchema.safeParse({ server: 'CN', goals: [goal({ skill: 8 })] }).success).toBe(false)
    expect(operatorsPlanRequestSchema.safeParse({ server: 'CN', goals: [goal({ masteries: [4] })] }).success).toBe(false)
    expect(operatorsPlanRequestSchema.safeParse({ server: 'CN', goals: [goal({ modules: { m: 4 } })] }).success).toBe(false)
    expect(operatorsPlanRequestSchema.safeParse({ server: 'TW', goals: [goal({})] }).success).toBe(false)
    expect(operatorsPlanRequestSchema.safeParse({ server: 'CN', goals: [] }).success).toBe(false)
  })

  it('describes the answer with a total and one entry per goal', () => {
    const cost = { items: { '30012': 5, mod_unlock_token: 2 }, lmd: 100, exp: 50 }
    expect(operatorsPlanResponseSchema.parse({ ...cost, perGoal: [{ operator: '102_texas', ...cost }] }).perGoal).toHaveLength(1)
  })
})
