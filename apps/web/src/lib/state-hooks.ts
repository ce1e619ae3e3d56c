import { useStore } from './persisted-store'
import { authStore, dataSourceStore, settingsStore } from './state'

export { authStore, dataSourceStore, settingsStore }

export const useDataSource = () => useStore(dataSourceStore)
export const useSettings = () => useStore(settingsStore)
export const useAuth = () => useStore(authStore)
