import { useStore } from './persisted-store'
import { authStore, dataSourceStore, settingsStore, type Settings } from './state'

export { authStore, dataSourceStore, settingsStore }

export const useDataSource = () => useStore(dataSourceStore)
/**
 * One selected part of the settings: a component re-renders only when that part changes (the whole
 * object changes with every setting written, the background memo included).
 */
export const useSettings = <R>(select: (s: Settings) => R): R => useStore(settingsStore, select)
export const useAuth = () => useStore(authStore)
