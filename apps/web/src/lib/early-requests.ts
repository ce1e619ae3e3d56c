declare global {
  interface Window {
    /** Answers index.html's start-up script requested before the app ran, by API path (build-plugins/early-requests.ts). */
    __dropwiseEarly?: Record<string, Promise<Response> | undefined>
  }
}

/** The answer the start-up script already requested for this API path, once (the next request for it goes to the network). */
export const takeEarlyResponse = (path: string): Promise<Response> | undefined => {
  const early = typeof window === 'undefined' ? undefined : window.__dropwiseEarly
  const answer = early?.[path]
  if (answer && early) delete early[path]
  return answer
}
