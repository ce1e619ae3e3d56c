export { parseDepot } from './parse'
export { DepotImportError, PENGUIN_CONFIG_TYPE, PENGUIN_DEPOT_TYPE } from './types'
export type { DepotErrorCode, DepotFormat, DepotShape, ParseDepotOptions, ParsedDepot, SkippedDepotEntry, UnknownDepotItem } from './types'
