import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { env } from '../config/env'
import { probe, startProbe } from '../lib/probe/probe'

/**
 * Mounted once inside the router: starts the probe after the first render (when the browser is
 * idle, production builds only) and reports every route change.
 */
export function ProbeMount() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (env.production) startProbe({ apiBase: env.apiBase, version: env.appVersion, path: () => location.pathname })
  }, [])
  useEffect(() => {
    probe.navigated(pathname)
  }, [pathname])
  return null
}
