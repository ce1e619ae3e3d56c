import type { OperatorsListResponse, Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { apiGetJson } from '../../../lib/api'
import { checkAnswer } from '../../../lib/answer-schemas'

/** The list changes with a game update only: asking again within the hour gains nothing. */
const STALE_MS = 3_600_000

/** `GET /operators?server=` (docs/api-extensions.md): the operators released on the server and the level table. */
export const getOperators = (server: Server, signal?: AbortSignal): Promise<OperatorsListResponse> =>
  apiGetJson(`/operators?server=${server}`, signal).then((d) => checkAnswer<OperatorsListResponse>('operators', d))

export const useOperators = (server: Server) =>
  useQuery({ queryKey: ['operators', server], queryFn: ({ signal }) => getOperators(server, signal), staleTime: STALE_MS, retry: 1 })
