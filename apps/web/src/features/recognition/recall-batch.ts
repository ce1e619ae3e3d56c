import { apiRequest } from '../../lib/api'
import { queryClient } from '../../lib/data'

/**
 * `POST /_private/report/recall/batch` (docs/api-extensions.md §3k) for each task of an upload: every report the
 * upload stored is taken back (the owner's, within 24 h). Returns how many were recalled.
 */
export const recallBatches = async (taskIds: readonly string[]): Promise<number> => {
  let recalled = 0
  try {
    for (const taskId of taskIds) {
      const { text } = await apiRequest('/_private/report/recall/batch', { method: 'POST', body: JSON.stringify({ taskId }), contentType: 'application/json' })
      recalled += (JSON.parse(text) as { recalled?: number }).recalled ?? 0
    }
  } finally {
    void Promise.allSettled([
      queryClient.invalidateQueries({ queryKey: ['my-reports'] }),
      queryClient.invalidateQueries({ queryKey: ['dataset', 'personalMatrix'] }),
      queryClient.invalidateQueries({ queryKey: ['dataset', 'personalPatternMatrix'] }),
    ])
  }
  return recalled
}
