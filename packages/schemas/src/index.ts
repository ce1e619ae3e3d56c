export * from './common'
export * from './seed'
