import autocannon from 'autocannon'
import { startServer } from './lib/server-process'
const s = await startServer({ env: { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } })
const path = '/PenguinStats/api/v2/result/matrix?server=CN&show_closed_zones=true'
await fetch(s.url + path)
const r = await autocannon({ url: s.url + path, connections: 16, duration: 5, headers: { 'accept-encoding': 'gzip' } })
console.log(Math.round(r.requests.average), 'req/s')
await s.stop('SIGINT')
