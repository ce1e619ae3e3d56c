import { z } from 'zod'

export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' })
export const BinInfoSchema = z.object({ version: z.string(), build: z.string() }).meta({ id: 'BinInfo' })
export type BinInfo = z.infer<typeof BinInfoSchema>
