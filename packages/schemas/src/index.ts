// The usage-probe codec (protobufjs) is a separate entry, `@dropwise/schemas/probe`, so bundles that
// do not need it never carry protobufjs.
export * from './common'
export * from './efficiency'
export * from './errors'
export * from './ops'
export * from './queries'
export * from './planner'
export * from './reference'
export * from './reports'
export * from './results'
export * from './results-extra'
export * from './seed'
export * from './text'
