// The server's process-level tests run the real server through the repository's one test kit, shared
// with the e2e journeys and the benches.
export {
  freePort,
  SERVER_ENTRY,
  spawnServer,
  startServer,
  stopServer,
  waitForOk,
  type RunningServer,
  type ServerProcess,
} from '../../../../tooling/test-kit/server-process'
