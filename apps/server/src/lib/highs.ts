/** The HiGHS solver, loaded on first use (the planner and the efficiency numbers solve linear programs with it). */
export const loadHighs = async () => (await import('highs')).default()
